import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AnalyticsEventBody } from './analytics.ts';
import { SignUpBody } from './auth.ts';
import { ApiError, ERROR_CODES } from './errors.ts';
import { PageQuery } from './pagination.ts';

test('analytics keys are dotted snake_case', () => {
  assert.ok(AnalyticsEventBody.safeParse({ key: 'developers.my_apps.collaborators.invited' }).success);
  for (const key of ['Developers.x', 'a..b', 'a.', ' a', 'a-b']) {
    assert.equal(AnalyticsEventBody.safeParse({ key }).success, false, key);
  }
});

test('analytics payloads are capped at 4 KiB', () => {
  const ok = AnalyticsEventBody.safeParse({ key: 'a.b', additional_properties: { v: 'x'.repeat(4000) } });
  assert.ok(ok.success);
  const big = AnalyticsEventBody.safeParse({ key: 'a.b', additional_properties: { v: 'x'.repeat(4100) } });
  assert.equal(big.success, false);
});

test('sign-up requires a name, a valid e-mail and a 10-character password', () => {
  assert.ok(SignUpBody.safeParse({ name: 'A', email: 'a@example.com', password: '0123456789' }).success);
  const bad = SignUpBody.safeParse({ name: ' ', email: 'nope', password: 'short' });
  assert.equal(bad.success, false);
  const paths = bad.error!.issues.map((issue) => issue.path.join('.')).sort();
  assert.deepEqual(paths, ['email', 'name', 'password']);
});

test('paging defaults and bounds', () => {
  assert.deepEqual(PageQuery.parse({}), { page: 1, per_page: 25 });
  assert.deepEqual(PageQuery.parse({ page: '3', per_page: '50' }), { page: 3, per_page: 50 });
  assert.equal(PageQuery.safeParse({ per_page: '101' }).success, false);
  assert.equal(PageQuery.safeParse({ page: '0' }).success, false);
});

test('the error shape names a known code', () => {
  assert.ok(ApiError.safeParse({ message: 'x', errors: [], code: 'not_found' }).success);
  assert.equal(ApiError.safeParse({ message: 'x', errors: [], code: 'teapot' }).success, false);
  assert.ok(ERROR_CODES.includes('validation_failed'));
});
