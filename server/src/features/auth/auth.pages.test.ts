import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useTestApp } from '../../test/helpers.ts';
import { ACCOUNT_PAGE_ALIASES } from './auth.pages.ts';

const t = useTestApp();

test('other spellings of the account pages redirect to them, permanently, with their query', async () => {
  const expected = {
    '/sign-up': '/sign_up',
    '/signup': '/sign_up',
    '/sign_in': '/login',
    '/sign-in': '/login',
    '/signin': '/login',
    '/forgot-password': '/forgot_password',
    '/reset-password': '/reset_password',
  };
  for (const [alias, page] of Object.entries(expected)) {
    assert.equal(ACCOUNT_PAGE_ALIASES[alias], page, alias);
  }
  for (const [alias, page] of Object.entries(ACCOUNT_PAGE_ALIASES)) {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url: alias });
      assert.equal(res.statusCode, 301, `${method} ${alias}`);
      assert.equal(res.headers.location, page, `${method} ${alias}`);
    }
  }
  const next = await t.app.inject({ url: '/sign-up/?next=%2Finvitations%2Fabc&x=1' });
  assert.equal(next.headers.location, '/sign_up?next=%2Finvitations%2Fabc&x=1');
});

test('the real pages and unknown paths are not redirected', async () => {
  for (const url of ['/sign_up', '/login', '/sign-up-now', '/api/v1/sign-up']) {
    const res = await t.app.inject({ url });
    assert.equal(res.statusCode, 404, url); // no web build in tests: the SPA's fallback answers 404
    assert.equal(res.headers.location, undefined, url);
  }
});
