import type { CurrentUser, RuntimeConfig } from '@portal/contracts';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

export const developer: CurrentUser = {
  id: 'u-dev',
  name: 'Dana Developer',
  email: 'developer@example.com',
  role: 'developer',
  employee: false,
  procore_id: 1000002,
  company_name: 'Acme',
  critical_emails: true,
  developer_apps_beta: false,
};

export const admin: CurrentUser = {
  ...developer,
  id: 'u-admin',
  name: 'Avery Admin',
  email: 'admin@example.com',
  role: 'admin',
  employee: true,
};

export function runtimeConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
    platform_name: 'Procore',
    support_email: 'support@example.com',
    fedramp: false,
    restricted_government: false,
    security_and_compliance_enabled: false,
    semantic_versions: true,
    reference_external_url: 'https://example.com/developers',
    reference_external_label: 'Construction Network API',
    marketplace_partner_form_url: 'https://partners.example.com/listing',
    marketplace_new_partner_form_url: 'https://partners.example.com/join',
    dev_api_base_url: 'https://sandbox.procore.com',
    mail_delivery: 'smtp',
    branch: 'main',
    csrf_token: 'csrf-test',
    user: null,
    ...overrides,
  };
}

/** Answers GET /api/v1/config with the given config. */
export const configHandler = (config: RuntimeConfig) =>
  http.get('/api/v1/config', () => HttpResponse.json(config));

/** The bell in the top navigation asks for the unread count on every signed-in page. */
export const unreadCountHandler = (count = 0) =>
  http.get('/api/v1/notifications/unread_count', () => HttpResponse.json({ unread_count: count }));

/** The manage-app page shows the Collaborators panel; by default it lists nobody. */
export const collaboratorsHandlers = [
  http.get('/api/v1/collaborators', () => HttpResponse.json([])),
  http.get('/api/v1/invitations', () => HttpResponse.json([])),
];

/** The manage-app page shows the Manifests section; by default the app has no versions. */
export const manifestsHandlers = [http.get('/api/v1/manifests', () => HttpResponse.json([]))];

/** The manage-app page shows the marketplace listing card; by default the app has no listing. */
export const marketplaceHandlers = [
  http.get('/api/v1/developer_apps/:id/submissions', () =>
    HttpResponse.json({ published_app: null, unpublished_app: null }),
  ),
  http.get('/api/v1/categories', () => HttpResponse.json([{ id: 1, label: 'Project Management' }])),
];

/** Both app pages show the API usage panel; by default the app has made no calls. */
export const usageHandlers = [
  http.get('/api/v1/developer_apps/:id/api_usage/daily', () =>
    HttpResponse.json({ from: '2026-03-02', to: '2026-03-31', days: [], total: 0 }),
  ),
  http.get('/api/v1/developer_apps/:id/api_usage', () =>
    HttpResponse.json([], { headers: { Total: '0', 'Per-Page': '25' } }),
  ),
];

export const server = setupServer(
  configHandler(runtimeConfig()),
  unreadCountHandler(),
  ...collaboratorsHandlers,
  ...manifestsHandlers,
  ...marketplaceHandlers,
  ...usageHandlers,
);

/** A list endpoint like the server's: Total, Per-Page and Link with cursors named after the page. */
export function pagedHandler<T>(path: string, rows: T[], seen: URL[]) {
  return http.get(path, ({ request }) => {
    const url = new URL(request.url);
    seen.push(url);
    const page = Number(url.searchParams.get('page') ?? 1);
    const perPage = Number(url.searchParams.get('per_page') ?? 25);
    const last = Math.max(1, Math.ceil(rows.length / perPage));
    const link = (p: number, rel: string, cursor?: string) =>
      `<${url.pathname}?page=${p}&per_page=${perPage}${cursor ? `&cursor=${cursor}` : ''}>; rel="${rel}"`;
    const links = [link(1, 'first'), link(last, 'last')];
    if (page > 1) links.push(link(page - 1, 'prev', `before-${page}`));
    if (page < last) links.push(link(page + 1, 'next', `after-${page}`));
    return HttpResponse.json(rows.slice((page - 1) * perPage, page * perPage), {
      headers: { Total: String(rows.length), 'Per-Page': String(perPage), Link: links.join(', ') },
    });
  });
}

/** The server's 422 answer in the one error shape: the message, `errors` and, where given, `fields`. */
export const validationFailed = (body: {
  message: string;
  errors: string[];
  fields?: Record<string, string[]>;
  request_id?: string;
}) => HttpResponse.json({ ...body, code: 'validation_failed' }, { status: 422 });

/** A 422 refusing one field, its message the answer's message and only error. */
export const fieldRefused = (field: string, message: string, more: { request_id?: string } = {}) =>
  validationFailed({ message, errors: [message], fields: { [field]: [message] }, ...more });

/** Accepts the web app's analytics events (POST /api/v1/analytics), keeping each body in `events`. */
export const analyticsInto = (events: unknown[]) =>
  http.post('/api/v1/analytics', async ({ request }) => {
    events.push(await request.json());
    return HttpResponse.json({ ok: true });
  });
