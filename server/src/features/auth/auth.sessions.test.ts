import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/index.ts';
import { hashSessionToken } from '../../platform/auth/hashed-session-tokens.ts';
import { SESSION_CACHE_TTL_MS } from '../../platform/auth/session-cache.ts';
import { TEST_PASSWORD, useTestApp } from '../../test/helpers.ts';

const t = useTestApp();

/** The session cookie a client holds now, to replay it after the client moved on. */
function sessionCookie(client: { cookies: Map<string, string> }): string {
  const value = client.cookies.get('portal.session_token');
  assert.ok(value, 'no session cookie');
  return `portal.session_token=${value}`;
}

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });

describe('cached sessions end when they should', () => {
  test('sign-out refuses the old cookie at once', async () => {
    const { client } = await t.asNewUser();
    const cookie = sessionCookie(client);
    assert.equal((await me(cookie)).statusCode, 200); // now cached
    assert.equal((await client.post('/api/v1/auth/sign_out')).statusCode, 200);
    assert.equal((await me(cookie)).statusCode, 401);
  });

  test('a password change ends the other sessions at once', async () => {
    const { user, client } = await t.asNewUser();
    const other = await t.asUser(user);
    const otherCookie = sessionCookie(other);
    assert.equal((await me(otherCookie)).statusCode, 200);
    const change = await client.post('/api/v1/me/password', {
      current_password: TEST_PASSWORD,
      new_password: 'a brand new passphrase',
    });
    assert.equal(change.statusCode, 200, change.body);
    assert.equal((await me(otherCookie)).statusCode, 401);
    assert.equal((await client.get('/api/v1/me')).statusCode, 200);
  });

  test('a settings change shows on the next request', async () => {
    const { client } = await t.asNewUser();
    assert.equal((await client.get('/api/v1/me')).json().name.startsWith('User'), true);
    assert.equal((await client.patch('/api/v1/me', { name: 'Grace' })).statusCode, 200);
    assert.equal((await client.get('/api/v1/me')).json().name, 'Grace');
  });

  test('a role change by a service that forgets the user applies at once', async () => {
    const { user, client } = await t.asNewUser();
    assert.equal((await client.get('/api/v1/admin/outbox')).statusCode, 403);
    await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    t.ctx.sessions.forgetUser(user.id);
    assert.equal((await client.get('/api/v1/admin/outbox')).statusCode, 200);
  });

  test('a change made behind the cache (another instance without Redis) applies within the TTL', async () => {
    const { user, client } = await t.asNewUser({ role: 'admin' });
    assert.equal((await client.get('/api/v1/admin/outbox')).statusCode, 200);
    await t.ctx.db.update(users).set({ role: 'developer' }).where(eq(users.id, user.id));
    // Still the cached role: the documented bound.
    assert.equal((await client.get('/api/v1/admin/outbox')).statusCode, 200);
    t.clock.advance(SESSION_CACHE_TTL_MS);
    assert.equal((await client.get('/api/v1/admin/outbox')).statusCode, 403);
  });

  test('deleting the session row (disabling an account) applies within the TTL', async () => {
    const { client } = await t.asNewUser();
    const cookie = sessionCookie(client);
    assert.equal((await me(cookie)).statusCode, 200);
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    await t.ctx.db.delete(sessions).where(eq(sessions.token, hashSessionToken(token)));
    t.clock.advance(SESSION_CACHE_TTL_MS);
    assert.equal((await me(cookie)).statusCode, 401);
  });
});
