import type {
  DeveloperApp,
  DeveloperAppPermissions,
  JsonObject,
  Manifest,
  ManifestSnippets,
  ManifestViolation,
} from '@portal/contracts';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { server } from '../../test/server.ts';
import { app, liveSandbox, ownerFlags, signedIn } from '../apps/testing.ts';

let sequence = 0;

/** A version as the API answers it; a fresh id and key each call. */
export function manifest(overrides: Partial<Manifest> = {}): Manifest {
  sequence += 1;
  const id = overrides.id ?? `v-${sequence}`;
  return {
    id,
    app_version_id: id,
    developer_app_id: 'a1',
    app_manifest_id: 'am-1',
    environment: 'Sandbox',
    version: sequence,
    semantic_version: `0.${sequence}.0`,
    schema_version: '3',
    state: 'confidential',
    submittable: false,
    promotable: false,
    published_to_marketplace: false,
    app_version_key: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    content: { schema_version: '3', components: {} },
    configured_manifest_content: null,
    changelog: null,
    developer_notes: null,
    admin_notes: null,
    source_app_version_id: null,
    auth_code_capable: false,
    auth_code_locked: false,
    created_by: { name: 'Dana Developer' },
    created_at: `2026-01-${String(10 + (sequence % 18)).padStart(2, '0')}T10:00:00Z`,
    updated_at: '2026-01-10T10:00:00Z',
    submitted_at: null,
    reviewed_at: null,
    ...overrides,
  };
}

export const TEMPLATES = {
  '3': { schema_version: '3', components: {} },
  '4.1': { schema_version: '4.1' },
};

/** Snippets like the server's, small enough to read in a test. */
export function snippets(version: string, hasExisting: boolean): ManifestSnippets {
  const whole = version === '3' && !hasExisting;
  const fragment = (content: JsonObject): JsonObject => (whole ? { ...TEMPLATES['3'], ...content } : content);
  const url = 'https://example.com/app';
  if (version === '4.1')
    return {
      oauth: {
        label: 'Data connection',
        description: 'A service account',
        content: { permissions: { company: {}, project: {} } },
      },
      iframe: {
        label: 'Embedded app',
        description: 'A page',
        content: { fullscreen: { source_url: `${url}/embedded` } },
      },
      fullscreen: {
        label: 'Full screen',
        description: 'A full page',
        content: { fullscreen: { source_url: `${url}/full` } },
      },
      sidepanel: {
        label: 'Side panel',
        description: 'A panel',
        content: { sidepanel: { source_url: url, views: ['rfi.detail'] } },
      },
    };
  const iframe = (type: string) => ({
    components: { iframe: { instances: [{ name: type, type, iframe_src: `${url}/${type}` }] } },
  });
  return {
    oauth: {
      label: 'Data connection',
      description: 'A service account',
      content: fragment({ components: { oauth: { instances: [{ grant_type: 'client_credentials' }] } } }),
    },
    iframe: { label: 'Embedded app', description: 'A page', content: fragment(iframe('fullscreen')) },
    fullscreen: { label: 'Full screen', description: 'A full page', content: fragment(iframe('fullscreen')) },
    sidepanel: { label: 'Side panel', description: 'A panel', content: fragment(iframe('sidepanel')) },
  };
}

export type Call = { method: string; path: string; search: URLSearchParams; body: unknown };

/**
 * An app's versions behind MSW: lists filtered, sorted and paged like the server's, and the calls
 * that change them. `validate` decides what POST /manifest_validations answers.
 */
export function manifestsApi(
  initial: Manifest[],
  options: { validate?: (content: JsonObject) => ManifestViolation[] } = {},
) {
  const versions = [...initial];
  const calls: Call[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    const call = {
      method: request.method,
      path: url.pathname,
      search: url.searchParams,
      body: text ? JSON.parse(text) : null,
    };
    calls.push(call);
    return call;
  };
  const find = (id: string) => versions.find((v) => v.id === id)!;
  server.use(
    http.get('/api/v1/manifests', async ({ request }) => {
      const { search } = await record(request);
      // The admin app page names production as its spec does (`ProductionEnvironment`).
      const type = search.get('filters[versionable_type]')?.replace(/^ProductionEnvironment$/, 'Production');
      const sort = search.get('sort') ?? '-version';
      const key = sort.replace('-', '') as 'version' | 'created_at';
      const rows = versions
        .filter((v) => !type || v.environment === type)
        .sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) * (sort.startsWith('-') ? -1 : 1));
      const perPage = Number(search.get('per_page') ?? 25);
      const page = Number(search.get('page') ?? 1);
      return HttpResponse.json(rows.slice((page - 1) * perPage, page * perPage), {
        headers: { Total: String(rows.length), 'Per-Page': String(perPage) },
      });
    }),
    http.get('/api/v1/manifest_templates', () => HttpResponse.json(TEMPLATES)),
    http.get('/api/v1/manifest_templates/:version/snippets', ({ params, request }) =>
      HttpResponse.json(
        snippets(
          String(params.version),
          new URL(request.url).searchParams.get('has_existing_manifest') === 'true',
        ),
      ),
    ),
    http.post('/api/v1/manifest_validations', async ({ request }) => {
      const { body } = await record(request);
      const content = (body as { manifest: { content: JsonObject } }).manifest.content;
      return HttpResponse.json({ errors: options.validate?.(content) ?? [] });
    }),
    http.post('/api/v1/app_versions', async ({ request }) => {
      const { body } = await record(request);
      const input = (
        body as {
          app_version: {
            environment_type: string;
            manifest: { content: JsonObject };
            semantic_version: string;
          };
        }
      ).app_version;
      const created = manifest({
        environment: input.environment_type === 'Sandbox' ? 'Sandbox' : 'Production',
        content: input.manifest.content,
        semantic_version: input.semantic_version,
      });
      versions.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    // The app's people promote through the first path, staff through the second (spec admin §7).
    http.post(/\/api\/v1\/(admin\/)?app_version_promotions$/, async ({ request }) => {
      const { body } = await record(request);
      const input = (body as { app_version_promotion: { source_app_version_id: string; changelog: string } })
        .app_version_promotion;
      const source = find(input.source_app_version_id);
      source.promotable = false;
      const promoted = manifest({
        environment: 'Production',
        version: source.version,
        semantic_version: source.semantic_version,
        changelog: input.changelog,
        submittable: true,
        source_app_version_id: source.id,
      });
      versions.push(promoted);
      return HttpResponse.json(promoted, { status: 201 });
    }),
    http.patch('/api/v1/app_versions/:id', async ({ request, params }) => {
      const { body } = await record(request);
      const version = find(String(params.id));
      const state = (body as { app_version: { state: Manifest['state'] } }).app_version.state;
      Object.assign(version, { state, submittable: state === 'confidential' });
      return HttpResponse.json(version);
    }),
    http.patch('/api/v1/admin/app_versions/:id', async ({ request, params }) => {
      const { body } = await record(request);
      const version = find(String(params.id));
      const { state, admin_notes } = (body as { app_version: Pick<Manifest, 'state' | 'admin_notes'> })
        .app_version;
      Object.assign(version, {
        state,
        admin_notes,
        submittable: state === 'confidential',
        published_to_marketplace: state === 'published',
      });
      return HttpResponse.json(version);
    }),
  );
  return {
    versions,
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path === `/api/v1${path}`),
  };
}

/** An app with a live sandbox and production credentials requested: every manifest action possible. */
export const readyApp: DeveloperApp = {
  ...app,
  sandbox: liveSandbox,
  production_access: 'production_pending',
};

export function signedInOn(data: DeveloperApp = readyApp, flags: DeveloperAppPermissions = ownerFlags) {
  signedIn(data, flags);
}

export const section = async () => screen.findByRole('region', { name: 'Manifests' });

/** The data rows of a table (its header row left out). */
export const bodyRows = (table: HTMLElement) =>
  within(table).getAllByRole('row').slice(1) as HTMLTableRowElement[];
