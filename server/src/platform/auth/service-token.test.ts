import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createServiceTokenCheck } from './service-token.ts';

const request = (authorization?: string) => ({ headers: authorization ? { authorization } : {} });

test('a bearer token passes only when it is one of the configured tokens (several, for rotation)', () => {
  const check = createServiceTokenCheck(['a'.repeat(32), 'b'.repeat(32)]);
  assert.equal(check(request(`Bearer ${'a'.repeat(32)}`)), true);
  assert.equal(check(request(`Bearer ${'b'.repeat(32)}`)), true);
  assert.equal(check(request(`Bearer ${'c'.repeat(32)}`)), false);
  assert.equal(check(request(`Bearer ${'a'.repeat(31)}`)), false);
  assert.equal(check(request(`bearer ${'a'.repeat(32)}`)), false);
  assert.equal(check(request('a'.repeat(32))), false);
  assert.equal(check(request()), false);
  assert.equal(check(request('Bearer ')), false);
});

test('no configured token: nobody is a service', () => {
  assert.equal(createServiceTokenCheck([])(request('Bearer anything-at-all')), false);
});
