import { restOpenApiV1 } from '../../seed/reference/rest-openapi.ts';
import type { RouteFixtures } from '../../test/route-fixtures.ts';
import { everyone, type RouteRows, staff, V } from '../../test/route-spec.ts';

const entryBody = (
  fx: RouteFixtures,
  visibility: 'public' | 'internal',
  status: 'published' | 'proposed',
) => ({
  group: 'rest',
  summary: fx.unique('Route matrix entry '),
  endpoint: 'GET /rest/v1.0/me',
  type: 'feature',
  datestamp: '2026-01-01',
  versions: ['v1.0'],
  link: 'endpoints/show-me',
  visibility,
  status,
});

/** A fresh entry made by staff (internal and published unless told). */
async function entry(
  fx: RouteFixtures,
  visibility: 'public' | 'internal' = 'internal',
  status: 'published' | 'proposed' = 'published',
) {
  const res = await fx.clients.platformAdmin.post(
    `${V}/admin/changelog_entries`,
    entryBody(fx, visibility, status),
  );
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().id as string;
}

/** The reference's rows: internal entries and branches reach platform staff only (issue 27). */
export const referenceRouteTable: RouteRows = {
  'GET /api/v1/resource_groups/:group': {
    expect: everyone(200),
    call: () => ({ url: `${V}/resource_groups/rest?filters[type][]=feature&filters[breaking]=true` }),
  },
  'GET /api/v1/resource_groups/:group/entries/:id': {
    // A public entry (a public route answers anonymous callers); internal ones: reference.list.test.ts.
    expect: everyone(200),
    call: async (fx) => ({ url: `${V}/resource_groups/rest/entries/${await entry(fx, 'public')}` }),
  },
  'GET /api/v1/resource_groups/:group/branches': {
    expect: staff(200),
    call: () => ({ url: `${V}/resource_groups/rest/branches` }),
  },
  'GET /api/v1/resource_groups/:group/document': {
    expect: everyone(200),
    call: () => ({ url: `${V}/resource_groups/portal/document` }),
  },
  'GET /api/v1/resource_groups/:group/changelog.atom': {
    expect: everyone(200),
    cacheControl: 'no-cache',
    call: () => ({ url: `${V}/resource_groups/rest/changelog.atom?type=fix` }),
  },
  'GET /api/v1/guides': { expect: everyone(200) },
  'GET /api/v1/guides/:slug': {
    expect: everyone(200),
    call: () => ({ url: `${V}/guides/building-apps-define-manifest` }),
  },
  'GET /api/v1/admin/resource_groups/:group/entries': {
    expect: staff(200),
    call: () => ({ url: `${V}/admin/resource_groups/rest/entries?filters[status]=proposed` }),
  },
  'POST /api/v1/admin/resource_groups/:group/documents': {
    expect: staff(201),
    call: () => ({
      url: `${V}/admin/resource_groups/rest/documents`,
      payload: { branch: 'route-matrix', document: JSON.stringify(restOpenApiV1()) },
    }),
  },
  'POST /api/v1/admin/changelog_entries': {
    expect: staff(201),
    call: (fx) => ({ url: `${V}/admin/changelog_entries`, payload: entryBody(fx, 'public', 'proposed') }),
  },
  'GET /api/v1/admin/changelog_entries/:id': {
    expect: staff(200),
    call: async (fx) => ({ url: `${V}/admin/changelog_entries/${await entry(fx)}` }),
  },
  'PATCH /api/v1/admin/changelog_entries/:id': {
    expect: staff(200),
    call: async (fx) => ({
      url: `${V}/admin/changelog_entries/${await entry(fx)}`,
      payload: { summary: 'Edited in the route matrix' },
    }),
  },
  'POST /api/v1/admin/changelog_entries/:id/publish': {
    expect: staff(200),
    call: async (fx) => ({
      url: `${V}/admin/changelog_entries/${await entry(fx, 'public', 'proposed')}/publish`,
    }),
  },
  'DELETE /api/v1/admin/changelog_entries/:id': {
    expect: staff(204),
    call: async (fx) => ({ url: `${V}/admin/changelog_entries/${await entry(fx)}` }),
  },
};
