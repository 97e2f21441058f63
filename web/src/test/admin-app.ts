import type { AdminDeveloperApp } from '@portal/contracts';
import { HttpResponse, http } from 'msw';
import { admin, configHandler, runtimeConfig, server } from './server.ts';

/** An app as the admin app page reads it (`GET /admin/developer_apps/{id}`). */
export function adminApp(overrides: Partial<AdminDeveloperApp> = {}): AdminDeveloperApp {
  return {
    id: 'app-1',
    internal_name: 'Crane Log',
    name: null,
    uid: 'uid-1',
    external_procore_owner_id: 1000001,
    owner_id: 'u1',
    owner: { id: 'u1', name: 'Alice', email: 'alice@example.com', procore_id: 1000001 },
    production_access: 'production_approved',
    requested_confidential: true,
    redirect_uri: '',
    allowed_cors_domain: '',
    confidential: true,
    grant_type: 'authorization_code',
    legacy: false,
    connectable: false,
    marketplace_enabled: false,
    marketplace_access_requested_at: null,
    published_at: null,
    thumbnail_url: null,
    contacts: [],
    sandbox: null,
    created_at: '2026-03-03T21:05:07.000Z',
    updated_at: '2026-03-04T10:00:00.000Z',
    deleted_at: null,
    ...overrides,
  };
}

/**
 * Serves the admin app page's calls for `app`: its GET and PATCH (bodies recorded in `patches`, the
 * answer merges them), the owner picker and the audit history, signed in as staff.
 */
export function serveAdminApp(app: AdminDeveloperApp, patches: unknown[] = []) {
  let current = app;
  server.use(
    configHandler(runtimeConfig({ user: admin })),
    http.get(`/api/v1/admin/developer_apps/${app.id}`, () => HttpResponse.json(current)),
    http.patch(`/api/v1/admin/developer_apps/${app.id}`, async ({ request }) => {
      const body = (await request.json()) as {
        developer_app: Partial<AdminDeveloperApp> & { owner_id?: string };
      };
      patches.push(body);
      current = { ...current, ...body.developer_app } as AdminDeveloperApp;
      if (body.developer_app.owner_id === 'u9')
        current = { ...current, owner: { id: 'u9', name: 'Zed', email: 'zed@example.com', procore_id: 7 } };
      return HttpResponse.json(current);
    }),
    http.get('/api/v1/admin/developers', () => HttpResponse.json([{ id: 'u9', email: 'zed@example.com' }])),
    http.get('/api/v1/admin/audit', () =>
      HttpResponse.json([], { headers: { Total: '0', 'Per-Page': '50' } }),
    ),
  );
  return patches;
}
