import { type APIRequestContext, expect, request } from '@playwright/test';
import { ADMIN_EMAIL, DEMO_PASSWORD, PORTAL_URL } from './env.ts';
import { linkIn, waitForMail } from './mail.ts';
import { uniqueEmail } from './session.ts';

export const PASSWORD = 'a good long password';

export type ApiClient = APIRequestContext & { csrf: Record<string, string> };

/** An API client with its own cookies that sends the CSRF token like the web app does. */
export async function apiClient(baseURL = PORTAL_URL): Promise<ApiClient> {
  const api = await request.newContext({ baseURL });
  const config = await (await api.get('/api/v1/config')).json();
  return Object.assign(api, { csrf: { 'x-csrf-token': config.csrf_token as string } });
}

/** The CSRF token is bound to the session, so it is fetched again after signing in. */
async function refreshCsrf(api: ApiClient) {
  const config = await (await api.get('/api/v1/config')).json();
  api.csrf['x-csrf-token'] = config.csrf_token;
}

/** Signs a developer up through the API and confirms the e-mailed link; returns a signed-in client. */
export async function confirmedDeveloper(
  name: string,
  criticalEmails = true,
  email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '')),
) {
  const api = await apiClient();
  const signUp = await api.post('/api/v1/auth/sign_up', {
    headers: api.csrf,
    data: { name, email, password: PASSWORD },
  });
  expect(signUp.status()).toBe(201);
  const mail = await waitForMail(email, /Confirm your/);
  const token = new URL(linkIn(mail.text, '/confirm')).searchParams.get('token');
  const confirm = await api.post('/api/v1/auth/confirm', { headers: api.csrf, data: { token } });
  expect(confirm.ok()).toBe(true);
  await refreshCsrf(api);
  if (!criticalEmails) {
    const off = await api.patch('/api/v1/me', { headers: api.csrf, data: { critical_emails: false } });
    expect(off.ok()).toBe(true);
  }
  return { email, api };
}

export async function adminApi(baseURL = PORTAL_URL) {
  const api = await apiClient(baseURL);
  const res = await api.post('/api/v1/auth/sign_in', {
    headers: api.csrf,
    data: { email: ADMIN_EMAIL, password: DEMO_PASSWORD },
  });
  expect(res.ok()).toBe(true);
  await refreshCsrf(api);
  return api;
}

/**
 * A new app of the session behind `api` (a page's `page.request`, or an ApiClient with its CSRF
 * header), created through the API; its id.
 */
export async function createApp(api: APIRequestContext | ApiClient, name: string): Promise<string> {
  const headers =
    'csrf' in api
      ? api.csrf
      : { 'x-csrf-token': (await (await api.get('/api/v1/config')).json()).csrf_token };
  const created = await api.post('/api/v1/developer_apps', { headers, data: { internal_name: name } });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).id as string;
}

/** A POST /app_versions body: production version 1.0.0 of the app, one fullscreen component at `sourceUrl`. */
export const productionVersionBody = (appId: string, sourceUrl: string) => ({
  app_version: {
    developer_app_id: appId,
    environment_type: 'Production',
    manifest: { content: { schema_version: '4.1', fullscreen: { source_url: sourceUrl } } },
    semantic_version: '1.0.0',
  },
});
