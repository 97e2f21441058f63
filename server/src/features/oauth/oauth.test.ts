import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { apiUsageDaily, appInstallations, oauthTokens } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { SIGNALS_REFRESH_MS } from '../reference/index.ts';
import { flushApiUsage } from '../usage/index.ts';
import { sweepExpiredOauthTokens } from './oauth.jobs.ts';
import {
  authorize,
  basic,
  type Client,
  pkce,
  productionClient,
  REDIRECT,
  sandboxClient,
  tokenRequest,
} from './testing.ts';

let t: TestApp;
let developer: TestClient;
let sandbox: Client;
let production: Client;
before(async () => {
  t = await createTestApp({ sandboxProvisionSeconds: 0, productionAccessAutoApprove: true });
  ({ client: developer } = await t.asNewUser());
  sandbox = await sandboxClient(t, developer);
  production = await productionClient(t, developer, sandbox.appId);
});
after(() => t.close());

const rest = (token: string, path = '/rest/v1.0/me') =>
  t.app.inject({ url: path, headers: { authorization: `Bearer ${token}` } });

async function codeFor(c: Client, params: Record<string, string> = {}, prefix = '') {
  const { code } = await authorize(developer, c, params, prefix);
  assert.ok(code);
  return code;
}

async function tokensFor(c: Client, prefix = '') {
  const code = await codeFor(c, {}, prefix);
  const res = await tokenRequest(
    t,
    { grant_type: 'authorization_code', code, redirect_uri: REDIRECT },
    prefix,
    basic(c),
  );
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as {
    access_token: string;
    refresh_token: string;
    expires_in: number;
    token_type: string;
  };
}

function refusal(res: { statusCode: number; body: string }, status: number, error: string) {
  assert.equal(res.statusCode, status, res.body);
  assert.equal(JSON.parse(res.body).error, error, res.body);
}

describe('the authorization code grant', () => {
  test('issues 5,400 s bearer tokens that the platform API and token info accept, with the rate-limit headers', async () => {
    const tokens = await tokensFor(sandbox);
    assert.equal(tokens.expires_in, 5400);
    assert.equal(tokens.token_type, 'Bearer');
    const me = await rest(tokens.access_token);
    assert.equal(me.statusCode, 200, me.body);
    assert.equal(me.json().type, 'user');
    assert.equal(me.headers['x-rate-limit-limit'], '100');
    assert.ok(me.headers['x-rate-limit-remaining']);
    assert.ok(me.headers['content-security-policy'], 'security headers on the platform API');
    const info = await rest(tokens.access_token, '/oauth/token/info');
    assert.equal(info.statusCode, 200, info.body);
    assert.equal(info.json().application.uid, sandbox.clientId);
    assert.ok(info.json().expires_in_seconds > 5390 && info.json().expires_in_seconds <= 5400);
  });

  test('the consent page names the app and the permissions of its current manifest', async () => {
    const { consent } = await authorize(developer, sandbox);
    assert.equal(consent.app_name, 'Field Sync');
    assert.equal(consent.environment, 'sandbox');
    assert.ok(Array.isArray(consent.permissions));
  });

  test('the redirectless URN sends the code to the portal code page, and the URN exchanges it', async () => {
    const oob = 'urn:ietf:wg:oauth:2.0:oob';
    const { location, code, consent } = await authorize(developer, sandbox, { redirect_uri: oob });
    assert.equal(consent.redirect_uri, oob);
    assert.equal(`${location.origin}${location.pathname}`, `${t.ctx.config.publicUrl}/oauth-code`);
    const res = await tokenRequest(
      t,
      { grant_type: 'authorization_code', code: code!, redirect_uri: oob },
      '',
      basic(sandbox),
    );
    assert.equal(res.statusCode, 200, res.body);
  });

  test('a wrong redirect URI is refused at the authorization endpoint, without a redirect', async () => {
    const res = await developer.get(
      `/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: sandbox.clientId, redirect_uri: 'https://evil.example.com/cb', state: 's' })}`,
    );
    refusal(res, 400, 'invalid_redirect_uri');
    assert.equal(res.headers.location, undefined);
  });

  test('a code exchanged with another redirect URI is invalid_grant', async () => {
    const code = await codeFor(sandbox);
    const res = await tokenRequest(
      t,
      { grant_type: 'authorization_code', code, redirect_uri: 'https://app.example.com/other' },
      '',
      basic(sandbox),
    );
    refusal(res, 400, 'invalid_grant');
  });

  test('a reused code is invalid_grant and revokes what the first exchange issued', async () => {
    const code = await codeFor(sandbox);
    const form = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT };
    const first = await tokenRequest(t, form, '', basic(sandbox));
    assert.equal(first.statusCode, 200);
    refusal(await tokenRequest(t, form, '', basic(sandbox)), 400, 'invalid_grant');
    refusal(await rest(first.json().access_token), 401, 'invalid_token');
  });

  test('a code older than 10 minutes (the portal clock) is invalid_grant', async () => {
    const code = await codeFor(sandbox);
    t.clock.advance(10 * 60 * 1000 + 1000);
    const res = await tokenRequest(
      t,
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT },
      '',
      basic(sandbox),
    );
    refusal(res, 400, 'invalid_grant');
  });

  test('PKCE: a mismatched verifier is invalid_grant; plain is refused; S256 works', async () => {
    const { challenge, verifier } = pkce();
    const params = { code_challenge: challenge, code_challenge_method: 'S256' };
    const code = await codeFor(sandbox, params);
    const form = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT };
    refusal(
      await tokenRequest(t, { ...form, code_verifier: pkce().verifier }, '', basic(sandbox)),
      400,
      'invalid_grant',
    );
    const good = await tokenRequest(
      t,
      { ...form, code: await codeFor(sandbox, params), code_verifier: verifier },
      '',
      basic(sandbox),
    );
    assert.equal(good.statusCode, 200, good.body);

    const plain = await developer.get(
      `/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: sandbox.clientId, redirect_uri: REDIRECT, state: 's', code_challenge: verifier, code_challenge_method: 'plain' })}`,
    );
    assert.equal(plain.statusCode, 303);
    const location = new URL(plain.headers.location as string);
    assert.equal(location.searchParams.get('error'), 'invalid_request');
  });
});

describe('refresh tokens', () => {
  test('are single-use and always rotated; a replay revokes the grant', async () => {
    const tokens = await tokensFor(sandbox);
    const refresh = (token: string) =>
      tokenRequest(t, { grant_type: 'refresh_token', refresh_token: token }, '', basic(sandbox));
    const next = await refresh(tokens.refresh_token);
    assert.equal(next.statusCode, 200, next.body);
    assert.notEqual(next.json().refresh_token, tokens.refresh_token);
    refusal(await refresh(tokens.refresh_token), 400, 'invalid_grant');
    // The replay revoked the grant: what the rotation issued is dead too.
    refusal(await refresh(next.json().refresh_token), 400, 'invalid_grant');
    refusal(await rest(next.json().access_token), 401, 'invalid_token');
  });

  /** The same single-use form sent 50 times at once: exactly one 200, 49 invalid_grant. */
  async function fiftyAtOnce(form: Record<string, string>) {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => tokenRequest(t, form, '', basic(sandbox))),
    );
    assert.equal(results.filter((r) => r.statusCode === 200).length, 1);
    assert.equal(
      results.filter((r) => r.statusCode === 400 && r.json().error === 'invalid_grant').length,
      49,
    );
  }

  test('50 parallel refreshes with one token: exactly one 200, 49 invalid_grant', async () => {
    const tokens = await tokensFor(sandbox);
    await fiftyAtOnce({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
  });

  test('50 parallel exchanges of one code: exactly one token', async () => {
    const code = await codeFor(sandbox);
    await fiftyAtOnce({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT });
  });
});

describe('client authentication and client credentials', () => {
  test('client credentials: a service account token; companies that installed the app', async () => {
    await t.ctx.db.insert(appInstallations).values({
      developerAppId: sandbox.appId,
      companyId: '4242',
      companyName: 'Acme Builders',
      companyIsDemo: false,
      status: 'installed',
      installed: true,
      updatedAt: new Date(),
      lastEventId: 'evt-1',
    });
    const res = await tokenRequest(t, { grant_type: 'client_credentials' }, '', basic(sandbox));
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().expires_in, 5400);
    const me = await rest(res.json().access_token);
    assert.equal(me.json().type, 'service_account');
    const companies = await rest(res.json().access_token, '/rest/v1.0/companies');
    assert.deepEqual(companies.json(), [{ id: '4242', name: 'Acme Builders', is_active: true }]);
  });

  test('a bad secret is invalid_client (401); so is client_secret_post with it', async () => {
    refusal(
      await tokenRequest(t, { grant_type: 'client_credentials' }, '', basic(sandbox, 'wrong')),
      401,
      'invalid_client',
    );
    refusal(
      await tokenRequest(t, {
        grant_type: 'client_credentials',
        client_id: sandbox.clientId,
        client_secret: 'x',
      }),
      401,
      'invalid_client',
    );
  });

  test('client credentials from a public client is unauthorized_client; a public client needs PKCE', async () => {
    const other = await sandboxClient(t, developer);
    const pub = await productionClient(t, developer, other.appId, false);
    const res = await tokenRequest(
      t,
      { grant_type: 'client_credentials', client_id: pub.clientId },
      '/production',
    );
    refusal(res, 400, 'unauthorized_client');
    const noPkce = await developer.get(
      `/production/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: pub.clientId, redirect_uri: REDIRECT, state: 's' })}`,
    );
    assert.equal(new URL(noPkce.headers.location as string).searchParams.get('error'), 'invalid_request');
  });

  test('environments: a sandbox token and client are unknown to production, and the other way round', async () => {
    const tokens = await tokensFor(sandbox);
    refusal(await rest(tokens.access_token, '/production/rest/v1.0/me'), 401, 'invalid_token');
    refusal(
      await tokenRequest(t, { grant_type: 'client_credentials' }, '/production', basic(sandbox)),
      401,
      'invalid_client',
    );
    const prod = await tokenRequest(
      t,
      { grant_type: 'client_credentials' },
      '/production',
      basic(production),
    );
    assert.equal(prod.statusCode, 200, prod.body);
    assert.equal((await rest(prod.json().access_token, '/production/rest/v1.0/me')).statusCode, 200);
    refusal(await rest(prod.json().access_token), 401, 'invalid_token');
  });

  test('revocation: always 200; the revoked token is refused at once', async () => {
    const tokens = await tokensFor(sandbox);
    const revoke = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/oauth/revoke',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(sandbox) },
        payload: new URLSearchParams({ token }).toString(),
      });
    assert.equal((await revoke(tokens.access_token)).statusCode, 200);
    assert.equal((await revoke('not-a-token')).statusCode, 200);
    refusal(await rest(tokens.access_token), 401, 'invalid_token');
    assert.equal((await revoke(tokens.refresh_token)).statusCode, 200);
    const refreshed = await tokenRequest(
      t,
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
      '',
      basic(sandbox),
    );
    refusal(refreshed, 400, 'invalid_grant');
  });

  test('a secret reset: the old secret is invalid_client and every token of the client is refused', async () => {
    const c = await sandboxClient(t, developer);
    const tokens = await tokensFor(c);
    const cc = (await tokenRequest(t, { grant_type: 'client_credentials' }, '', basic(c))).json();
    const reset = await developer.post(`/api/v1/oauth_applications/${c.oauthApplicationId}/reset_secret`, {});
    assert.equal(reset.statusCode, 200, reset.body);
    refusal(await tokenRequest(t, { grant_type: 'client_credentials' }, '', basic(c)), 401, 'invalid_client');
    refusal(await rest(tokens.access_token), 401, 'invalid_token');
    refusal(await rest(cc.access_token), 401, 'invalid_token');
    const fresh = { ...c, secret: reset.json().secret };
    assert.equal(
      (await tokenRequest(t, { grant_type: 'client_credentials' }, '', basic(fresh))).statusCode,
      200,
    );
  });

  test('deleting the app refuses its tokens and its client at once', async () => {
    const c = await sandboxClient(t, developer);
    const tokens = await tokensFor(c);
    assert.equal((await developer.delete(`/api/v1/developer_apps/${c.appId}`)).statusCode, 204);
    refusal(await rest(tokens.access_token), 401, 'invalid_token');
    refusal(await tokenRequest(t, { grant_type: 'client_credentials' }, '', basic(c)), 401, 'invalid_client');
    const rows = await t.ctx.db.select({ clientId: oauthTokens.clientId }).from(oauthTokens);
    assert.ok(!rows.some((row) => row.clientId === c.clientId), 'no row of the deleted app is left');
  });
});

describe('metadata, rate limits and the sweep', () => {
  test('RFC 8414 metadata for each server', async () => {
    const sandboxMeta = (await t.app.inject({ url: '/.well-known/oauth-authorization-server' })).json();
    assert.equal(sandboxMeta.issuer, t.ctx.config.publicUrl);
    assert.equal(sandboxMeta.token_endpoint, `${t.ctx.config.publicUrl}/oauth/token`);
    assert.deepEqual(sandboxMeta.code_challenge_methods_supported, ['S256']);
    assert.ok(!sandboxMeta.token_endpoint_auth_methods_supported.includes('client_secret_jwt'));
    const prodMeta = (
      await t.app.inject({ url: '/.well-known/oauth-authorization-server/production' })
    ).json();
    assert.equal(prodMeta.token_endpoint, `${t.ctx.config.publicUrl}/production/oauth/token`);
  });

  test('the 101st call in 10 s is 429 with the headers (the default spike template)', async () => {
    const c = await sandboxClient(t, developer);
    const token = (await tokenRequest(t, { grant_type: 'client_credentials' }, '', basic(c))).json()
      .access_token;
    for (let i = 0; i < 100; i++) assert.equal((await rest(token)).statusCode, 200);
    const refused = await rest(token);
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.headers['x-rate-limit-remaining'], '0');
    assert.ok(refused.headers['retry-after']);
    // Every answered call counted for the app (features/usage): 100 × 200 and the 429.
    await flushApiUsage(t.ctx);
    const counted = await t.ctx.db
      .select({ status: apiUsageDaily.status, count: apiUsageDaily.count, route: apiUsageDaily.route })
      .from(apiUsageDaily)
      .where(and(eq(apiUsageDaily.developerAppId, c.appId), eq(apiUsageDaily.method, 'GET')));
    assert.deepEqual(
      counted.sort((a, b) => a.status - b.status),
      [
        { status: 200, count: 100, route: '/rest/v1.0/me' },
        { status: 429, count: 1, route: '/rest/v1.0/me' },
      ],
    );
  });

  test('the sweep removes expired rows', async () => {
    await tokensFor(sandbox);
    t.clock.advance(91 * 24 * 3600 * 1000);
    assert.ok((await sweepExpiredOauthTokens(t.ctx)) > 0);
    assert.equal((await t.ctx.db.select().from(oauthTokens)).length, 0);
  });
});

describe('deprecation and sunset at runtime (the changelog, RFC 9745 and RFC 8594)', () => {
  test("an operation's published public entries put Deprecation, Sunset and Link on every answer", async () => {
    const { client: admin } = await t.asNewUser({ role: 'admin' });
    const entry = (body: Record<string, unknown>) =>
      admin.post('/api/v1/admin/changelog_entries', {
        group: 'rest',
        summary: 'A change',
        versions: ['v1.0'],
        link: 'endpoints/list-companies',
        status: 'published',
        ...body,
      });
    const companies = 'GET /rest/v1.0/companies';
    for (const body of [
      { endpoint: companies, type: 'deprecated', datestamp: '2026-09-01' },
      { endpoint: companies, type: 'deprecated', datestamp: '2026-10-01' }, // the earliest wins
      { endpoint: companies, type: 'sunset', datestamp: '2027-03-01' },
      // Neither an internal nor an unpublished entry says anything to callers.
      { endpoint: 'GET /rest/v1.0/me', type: 'deprecated', datestamp: '2026-09-01', visibility: 'internal' },
      { endpoint: 'GET /rest/v1.0/me', type: 'sunset', datestamp: '2026-09-01', status: 'proposed' },
    ]) {
      const created = await entry(body);
      assert.equal(created.statusCode, 201, created.body);
    }
    // The signals are a snapshot at most a minute old (by the portal's clock).
    t.clock.advance(SIGNALS_REFRESH_MS);
    const token = (await tokenRequest(t, { grant_type: 'client_credentials' }, '', basic(sandbox))).json()
      .access_token as string;
    const productionToken = (
      await tokenRequest(t, { grant_type: 'client_credentials' }, '/production', basic(production))
    ).json().access_token as string;
    const link = `<${t.ctx.config.publicUrl}/reference/rest/endpoints/list-companies>; rel="deprecation"; type="text/html"`;
    for (const res of [
      await rest(token, '/rest/v1.0/companies'),
      await rest(productionToken, '/production/rest/v1.0/companies'),
      // A refused call says it too: the caller learns of the deprecation either way.
      await t.app.inject({ url: '/rest/v1.0/companies' }),
    ]) {
      assert.equal(res.headers.deprecation, `@${Date.UTC(2026, 8, 1) / 1000}`, res.body);
      assert.equal(res.headers.sunset, 'Mon, 01 Mar 2027 00:00:00 GMT');
      assert.equal(res.headers.link, link);
    }
    const me = await rest(token);
    assert.equal(me.statusCode, 200);
    assert.equal(me.headers.deprecation, undefined);
    assert.equal(me.headers.sunset, undefined);
  });
});
