import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import * as oauth from 'oauth4webapi';
import { confirmedDeveloper, createApp, PASSWORD } from '../support/api.ts';
import { PORTAL_URL } from '../support/env.ts';

const REDIRECT = 'https://app.example.com/callback';
const OOB = 'urn:ietf:wg:oauth:2.0:oob';
const insecure = { [oauth.allowInsecureRequests]: true } as const;

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('an app authorizes with a real client library: consent, code, token, the API, refresh, revoke, reset', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { email, api } = await confirmedDeveloper('Olive OAuth');
  const appId = await createApp(api, 'Field Sync');
  // The sandbox is built by its job a few seconds later.
  let sandbox: { id: string; status: string; oauth_application_id: string } | null = null;
  await expect
    .poll(
      async () => {
        sandbox = (await (await api.get(`/api/v1/developer_apps/${appId}`)).json()).sandbox;
        return sandbox?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('live');
  const live = sandbox!;
  const updated = await api.patch(`/api/v1/sandboxes/${live.id}`, {
    headers: api.csrf,
    data: { redirect_uri: `${REDIRECT}\n${OOB}` },
  });
  expect(updated.ok()).toBe(true);
  // The developer reveals the sandbox secret (what they would paste into their app).
  const revealed = await (
    await api.post(`/api/v1/oauth_applications/${live.oauth_application_id}/reveal_secret`, {
      headers: api.csrf,
    })
  ).json();
  const client: oauth.Client = { client_id: revealed.uid };
  const auth = oauth.ClientSecretBasic(revealed.secret);
  const issuer = new URL(PORTAL_URL);
  const as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
  );

  const authorizationUrl = async (redirectUri: string) => {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: revealed.uid,
      redirect_uri: redirectUri,
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }).toString();
    return { url: url.href, verifier, state };
  };

  // The app's callback is not running here: the browser's last hop on the portal (the resume) is
  // answered with where the portal redirects to (Chromium does not route a redirect's target).
  let redirectedTo = '';
  await page.route(/\/oauth\/authorize\/[\w-]+$/, async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    redirectedTo = response.headers().location ?? '';
    if (redirectedTo.startsWith(REDIRECT)) await route.fulfill({ status: 200, body: 'callback' });
    else await route.fulfill({ response });
  });
  const first = await authorizationUrl(REDIRECT);
  await page.goto(first.url);
  // Not signed in: the portal's sign-in, then back to the consent page.
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Allow Field Sync to use your account?' })).toBeVisible();
  await expect(page.getByText(REDIRECT)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect.poll(() => redirectedTo).toMatch(/^https:\/\/app\.example\.com\/callback\?code=/);
  const params = oauth.validateAuthResponse(as, client, new URL(redirectedTo), first.state);
  const tokens = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(as, client, auth, params, REDIRECT, first.verifier, insecure),
  );

  const me = await oauth.protectedResourceRequest(
    tokens.access_token,
    'GET',
    new URL(`${PORTAL_URL}/rest/v1.0/me`),
    undefined,
    undefined,
    insecure,
  );
  expect(me.status).toBe(200);
  expect(me.headers.get('x-rate-limit-limit')).toBeTruthy();
  expect((await me.json()).login).toBe(email);

  const refreshed = await oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token!, insecure),
  );
  const replay = await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token!, insecure);
  expect(replay.status).toBe(400);
  expect((await replay.json()).error).toBe('invalid_grant');

  // Redirectless: the code is shown on a portal page.
  const second = await authorizationUrl(OOB);
  // The resume hop is answered by the route above, which Chromium may count as a navigation of its
  // own: goto then reports the first as interrupted (seen once in CI). The consent page is what counts.
  await page.goto(second.url).catch((error: Error) => {
    if (!error.message.includes('interrupted by another navigation')) throw error;
  });
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByRole('heading', { name: 'Authorization code' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const oobParams = oauth.validateAuthResponse(as, client, new URL(page.url()), second.state);
  const code = await page.getByLabel('Code to paste into the app').textContent();
  expect(code).toBe(oobParams.get('code'));
  const oobTokens = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(as, client, auth, oobParams, OOB, second.verifier, insecure),
  );

  await oauth.processRevocationResponse(
    await oauth.revocationRequest(as, client, auth, refreshed.access_token, insecure),
  );
  const revoked = await fetch(`${PORTAL_URL}/rest/v1.0/me`, {
    headers: { authorization: `Bearer ${refreshed.access_token}` },
  });
  expect(revoked.status).toBe(401);

  // A reset secret: the old one and the tokens issued under it are refused.
  const reset = await api.post(`/api/v1/sandboxes/${live.id}/reset_secret`, { headers: api.csrf });
  expect(reset.ok()).toBe(true);
  const old = await oauth.clientCredentialsGrantRequest(as, client, auth, {}, insecure);
  expect(old.status).toBe(401);
  expect((await old.json()).error).toBe('invalid_client');
  const afterReset = await fetch(`${PORTAL_URL}/rest/v1.0/me`, {
    headers: { authorization: `Bearer ${oobTokens.access_token}` },
  });
  expect(afterReset.status).toBe(401);

  // The app page's API usage panel counts the call by route, method and status (flushed within seconds).
  await expect
    .poll(
      async () =>
        (await (await api.get(`/api/v1/developer_apps/${appId}/api_usage`)).json()).map(
          (row: { route: string; method: string; status: number }) =>
            `${row.method} ${row.route} ${row.status}`,
        ),
      { timeout: 20_000 },
    )
    .toContain('GET /rest/v1.0/me 200');
  await page.goto(`/developer_apps/${appId}`);
  const usage = page
    .getByRole('region', { name: 'API usage' })
    .getByRole('table', { name: 'API calls per day, response code, method and route' });
  await expect(usage.getByRole('row').filter({ hasText: '/rest/v1.0/me' }).first()).toContainText('200');
});
