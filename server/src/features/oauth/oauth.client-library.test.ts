/**
 * Two independent client libraries (oauth4webapi, openid-client) against both servers over real HTTP: metadata,
 * authorization code + PKCE, the platform API, refresh, revoke, client credentials. Only the browser's
 * part (consent) goes through the test client.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, test } from 'node:test';
import * as oauth from 'oauth4webapi';
import * as openid from 'openid-client';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import {
  authorize,
  type Client,
  consentAndFollow,
  productionClient,
  REDIRECT,
  sandboxClient,
} from './testing.ts';

const insecure = { [oauth.allowInsecureRequests]: true } as const;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let t: TestApp;
let user: TestClient;
let origin: string;
const clients: Record<'sandbox' | 'production', Client> = {} as never;
before(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    sandboxProvisionSeconds: 0,
    productionAccessAutoApprove: true,
    publicUrl: origin,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  ({ client: user } = await t.asNewUser());
  clients.sandbox = await sandboxClient(t, user);
  clients.production = await productionClient(t, user, clients.sandbox.appId);
});
after(() => t.close());

for (const [environment, prefix] of [
  ['sandbox', ''],
  ['production', '/production'],
] as const) {
  test(`oauth4webapi: code + PKCE, the API, refresh, revoke and client credentials (${environment})`, async () => {
    const issuer = new URL(`${origin}${prefix}`);
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
    );
    assert.equal(as.token_endpoint, `${origin}${prefix}/oauth/token`);
    const c = clients[environment];
    const client: oauth.Client = { client_id: c.clientId };
    const auth = oauth.ClientSecretBasic(c.secret);

    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const { location } = await authorize(
      user,
      c,
      {
        state,
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      },
      prefix,
    );
    const params = oauth.validateAuthResponse(as, client, location, state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, auth, params, REDIRECT, verifier, insecure),
    );
    assert.equal(tokens.expires_in, 5400);

    const me = await oauth.protectedResourceRequest(
      tokens.access_token,
      'GET',
      new URL(`${origin}${prefix}/rest/v1.0/me`),
      undefined,
      undefined,
      insecure,
    );
    assert.equal(me.status, 200);
    assert.ok(me.headers.get('x-rate-limit-remaining'));

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token!, insecure),
    );
    assert.notEqual(refreshed.refresh_token, tokens.refresh_token);
    await assert.rejects(
      oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token!, insecure),
      ),
      (error: oauth.ResponseBodyError) => error.error === 'invalid_grant',
    );

    const service = await oauth.processClientCredentialsResponse(
      as,
      client,
      await oauth.clientCredentialsGrantRequest(as, client, auth, {}, insecure),
    );
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, auth, service.access_token, insecure),
    );
    // The revoked token: the library reads the RFC 6750 challenge.
    await assert.rejects(
      oauth.protectedResourceRequest(
        service.access_token,
        'GET',
        new URL(`${origin}${prefix}/rest/v1.0/me`),
        undefined,
        undefined,
        insecure,
      ),
      (error: oauth.WWWAuthenticateChallengeError) =>
        error.status === 401 && error.cause[0]?.parameters.error === 'invalid_token',
    );
  });
}

for (const [environment, prefix] of [
  ['sandbox', ''],
  ['production', '/production'],
] as const) {
  test(`openid-client: code + PKCE, the API, refresh, revoke and client credentials (${environment})`, async () => {
    const c = clients[environment];
    const config = await openid.discovery(new URL(`${origin}${prefix}`), c.clientId, c.secret, undefined, {
      algorithm: 'oauth2',
      execute: [openid.allowInsecureRequests],
    });
    const verifier = openid.randomPKCECodeVerifier();
    const state = openid.randomState();
    const url = openid.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      code_challenge: await openid.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    const { location } = await consentAndFollow(user, url.href);
    const tokens = await openid.authorizationCodeGrant(config, location, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    assert.equal(tokens.expires_in, 5400);
    const me = await openid.fetchProtectedResource(
      config,
      tokens.access_token,
      new URL(`${origin}${prefix}/rest/v1.0/me`),
      'GET',
    );
    assert.equal(me.status, 200);
    assert.equal(((await me.json()) as { type: string }).type, 'user');

    const refreshed = await openid.refreshTokenGrant(config, tokens.refresh_token!);
    assert.ok(refreshed.refresh_token && refreshed.refresh_token !== tokens.refresh_token);
    await assert.rejects(
      openid.refreshTokenGrant(config, tokens.refresh_token!),
      (error: openid.ResponseBodyError) => error.error === 'invalid_grant',
    );

    const service = await openid.clientCredentialsGrant(config);
    await openid.tokenRevocation(config, service.access_token);
    await assert.rejects(
      openid.fetchProtectedResource(
        config,
        service.access_token,
        new URL(`${origin}${prefix}/rest/v1.0/me`),
        'GET',
      ),
      (error: openid.WWWAuthenticateChallengeError) => error.status === 401,
    );
  });
}
