/** Fixtures for the OAuth tests: an app with a live sandbox client, a production client, the flows. */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { oauthApplications } from '../../db/schema/index.ts';
import type { TestApp, TestClient } from '../../test/helpers.ts';
import { createAppAs } from '../apps/testing.ts';

export const REDIRECT = 'https://app.example.com/callback';

export type Client = { appId: string; oauthApplicationId: string; clientId: string; secret: string };

/** An app with a live sandbox client (confidential; REDIRECT and the redirectless URN registered). */
export async function sandboxClient(t: TestApp, developer: TestClient): Promise<Client> {
  const app = await createAppAs(developer);
  await t.drainJobs();
  const sandbox = (await developer.get(`/api/v1/developer_apps/${app.id}`)).json().sandbox;
  assert.equal(sandbox.status, 'live');
  await t.ctx.db
    .update(oauthApplications)
    .set({ redirectUri: `${REDIRECT}\nurn:ietf:wg:oauth:2.0:oob` })
    .where(eq(oauthApplications.id, sandbox.oauth_application_id));
  const revealed = await developer.post(
    `/api/v1/oauth_applications/${sandbox.oauth_application_id}/reveal_secret`,
  );
  assert.equal(revealed.statusCode, 200, revealed.body);
  const { uid, secret } = revealed.json();
  return { appId: app.id, oauthApplicationId: sandbox.oauth_application_id, clientId: uid, secret };
}

/** The production client of an app (auto-approved), confidential or public, its secret issued. */
export async function productionClient(
  t: TestApp,
  developer: TestClient,
  appId: string,
  confidential = true,
): Promise<Client> {
  const res = await developer.post(`/api/v1/developer_apps/${appId}/production_access`, { confidential });
  assert.ok(res.statusCode < 300, res.body);
  const [row] = await t.ctx.db
    .select()
    .from(oauthApplications)
    .where(eq(oauthApplications.developerAppId, appId));
  const [prod] = (
    await t.ctx.db.select().from(oauthApplications).where(eq(oauthApplications.developerAppId, appId))
  ).filter((r) => r.environment === 'production');
  assert.ok(row && prod);
  await t.ctx.db
    .update(oauthApplications)
    .set({ redirectUri: REDIRECT })
    .where(eq(oauthApplications.id, prod.id));
  if (!confidential) return { appId, oauthApplicationId: prod.id, clientId: prod.clientId, secret: '' };
  const issued = await developer.post(`/api/v1/oauth_applications/${prod.id}/reset_secret`, {});
  assert.equal(issued.statusCode, 200, issued.body);
  return { appId, oauthApplicationId: prod.id, clientId: prod.clientId, secret: issued.json().secret };
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * The browser's part of an authorization: /oauth/authorize, the consent page's API (signed in as
 * `user`), the resume; returns the code and the redirect it came back on.
 */
export async function authorize(
  user: TestClient,
  client: Pick<Client, 'clientId'>,
  params: Record<string, string> = {},
  prefix = '',
) {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: REDIRECT,
    state: 'state-123',
    ...params,
  });
  return consentAndFollow(user, `${prefix}/oauth/authorize?${query}`);
}

/** A signed-in user opens an authorization URL, allows on the consent page, and follows the resume. */
export async function consentAndFollow(user: TestClient, authorizationUrl: string) {
  const url = new URL(authorizationUrl, 'http://portal.invalid');
  const start = await user.get(`${url.pathname}${url.search}`);
  assert.equal(start.statusCode, 303, start.body);
  const consentPath = new URL(start.headers.location as string, 'http://x').pathname;
  const [, , environment, uid] = consentPath.split('/');
  const consent = await user.get(`/api/v1/oauth/interactions/${environment}/${uid}`);
  assert.equal(consent.statusCode, 200, consent.body);
  const decision = await user.post(`/api/v1/oauth/interactions/${environment}/${uid}`, { decision: 'allow' });
  assert.equal(decision.statusCode, 200, decision.body);
  const resume = await user.get(new URL(decision.json().redirect_to).pathname);
  assert.equal(resume.statusCode, 303, resume.body);
  const location = new URL(resume.headers.location as string);
  return { location, code: location.searchParams.get('code'), consent: consent.json() };
}

/** POSTs a form to the token endpoint (no cookies, no CSRF: a client application). */
export async function tokenRequest(t: TestApp, form: Record<string, string>, prefix = '', auth?: string) {
  return t.app.inject({
    method: 'POST',
    url: `${prefix}/oauth/token`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(auth ? { authorization: auth } : {}),
    },
    payload: new URLSearchParams(form).toString(),
  });
}

export const basic = (c: Pick<Client, 'clientId' | 'secret'>, secret = c.secret) =>
  `Basic ${Buffer.from(`${encodeURIComponent(c.clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
