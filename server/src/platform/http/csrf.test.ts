import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TEST_PASSWORD, useTestApp } from '../../test/helpers.ts';

const t = useTestApp();

/** A CSRF token and cookie pair fetched by a client with the given cookies. */
async function mint(cookie: string) {
  const res = await t.app.inject({ url: '/api/v1/config', headers: { cookie } });
  const csrfCookie = res.cookies.find((c) => c.name === 'portal_csrf');
  return { token: res.json().csrf_token as string, csrfCookie: csrfCookie?.value };
}

describe('CSRF', () => {
  test("a token minted for another visitor is refused with the victim's session", async () => {
    const attacker = await mint('');
    const { client: victim } = await t.asNewUser();
    const session = victim.cookies.get('portal.session_token')!;
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: {
        cookie: `portal.session_token=${session}; portal_csrf=${attacker.csrfCookie}`,
        'x-csrf-token': attacker.token,
      },
      payload: { name: 'Pwned' },
    });
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().code, 'csrf_invalid');
  });

  test("a token from the victim's own earlier (anonymous) visit stops working after sign-in", async () => {
    const { user } = await t.asNewUser();
    const anonymous = await mint('');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign_in',
      headers: { cookie: `portal_csrf=${anonymous.csrfCookie}`, 'x-csrf-token': anonymous.token },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    assert.equal(signIn.statusCode, 200, signIn.body);
    const session = signIn.cookies.find((c) => c.name === 'portal.session_token')!.value;
    const cookie = `portal.session_token=${session}; portal_csrf=${anonymous.csrfCookie}`;
    const stale = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { cookie, 'x-csrf-token': anonymous.token },
      payload: { name: 'Still me' },
    });
    assert.equal(stale.statusCode, 403);
    const fresh = await mint(cookie);
    const ok = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { cookie, 'x-csrf-token': fresh.token },
      payload: { name: 'Still me' },
    });
    assert.equal(ok.statusCode, 200, ok.body);
  });

  test('state-changing requests a browser marks as cross-site are refused', async () => {
    const { client } = await t.asNewUser();
    const attempts: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
    ];
    for (const headers of attempts) {
      const res = await client.request({
        method: 'PATCH',
        url: '/api/v1/me',
        payload: { name: 'X' },
        headers,
      });
      assert.equal(res.statusCode, 403, JSON.stringify(headers));
      assert.equal(res.json().code, 'csrf_invalid');
    }
    const sameOrigin = await client.request({
      method: 'PATCH',
      url: '/api/v1/me',
      payload: { name: 'Same origin' },
      headers: { origin: new URL(t.ctx.config.publicUrl).origin, 'sec-fetch-site': 'same-origin' },
    });
    assert.equal(sameOrigin.statusCode, 200, sameOrigin.body);
    // Reads are not state-changing: a cross-site GET is answered (CORS keeps the body from the page).
    const read = await client.request({
      method: 'GET',
      url: '/api/v1/me',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    assert.equal(read.statusCode, 200);
  });
});
