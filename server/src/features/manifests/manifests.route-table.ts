import type { FixtureApp, RouteFixtures } from '../../test/route-fixtures.ts';
import {
  appUrl,
  managers,
  managersAndStaff,
  membersAndStaff,
  type RouteRows,
  signedIn,
  staff,
  V,
} from '../../test/route-spec.ts';
import { EXAMPLE_MANIFEST_4_1 } from './manifest-examples.ts';
import { createVersion, promoteVersion, versionBody } from './testing.ts';

/** Semantic versions only ever go up, so each created version gets the next one. */
let semanticCounter = 0;
const nextSemanticVersion = () => `${++semanticCounter}.0.0`;

/** A new app (owner persona) whose sandbox is live and whose production credentials are requested. */
async function manifestReadyApp(fx: RouteFixtures): Promise<FixtureApp> {
  const app = await fx.freshApp();
  await fx.t.drainJobs();
  const res = await fx.clients.owner.post(appUrl(app, '/production_access'), { confidential: true });
  if (res.statusCode !== 200) throw new Error(`production request failed: ${res.body}`);
  return app;
}

/** A new app's sandbox version (not yet promoted). */
async function sandboxVersionId(fx: RouteFixtures): Promise<string> {
  const app = await manifestReadyApp(fx);
  return (await createVersion(fx.clients.owner, app.id, 'Sandbox', nextSemanticVersion())).id;
}

/** A new app's production version, promoted from sandbox; `submitted` puts it in review. */
async function productionVersionId(fx: RouteFixtures, submitted = false): Promise<string> {
  const id = (await promoteVersion(fx.clients.owner, await sandboxVersionId(fx))).id;
  if (submitted) {
    const res = await fx.clients.owner.patch(`${V}/app_versions/${id}`, {
      app_version: { state: 'in_review' },
    });
    if (res.statusCode !== 200) throw new Error(`submit failed: ${res.body}`);
  }
  return id;
}

/** A version of the main app, made once per fixture set, that every reader reads. */
const mainAppVersions = new WeakMap<RouteFixtures, Promise<string>>();
const mainAppVersionId = (fx: RouteFixtures) => {
  if (!mainAppVersions.has(fx))
    mainAppVersions.set(
      fx,
      createVersion(fx.clients.owner, fx.app.id, 'Sandbox', nextSemanticVersion()).then((v) => v.id),
    );
  return mainAppVersions.get(fx)!;
};

/** The manifests feature's rows in the route table (test/route-table.ts): templates and app versions. */
export const manifestsRouteTable: RouteRows = {
  'GET /api/v1/manifest_templates': { expect: signedIn(200) },
  'GET /api/v1/manifest_templates/:version/snippets': {
    expect: signedIn(200),
    call: () => ({ url: `${V}/manifest_templates/3/snippets?has_existing_manifest=true` }),
  },
  'POST /api/v1/manifest_validations': {
    expect: membersAndStaff(200),
    call: (fx) => ({
      url: `${V}/manifest_validations?developer_app_id=${fx.app.id}&environment_type=Sandbox`,
      payload: { manifest: { content: EXAMPLE_MANIFEST_4_1 } },
    }),
  },
  'GET /api/v1/manifests': {
    expect: membersAndStaff(200),
    call: (fx) => ({
      url: `${V}/manifests?filters[developer_app_id]=${fx.app.id}&filters[versionable_type]=Sandbox`,
    }),
  },
  'GET /api/v1/app_versioned_manifests/:id': {
    expect: membersAndStaff(200),
    call: async (fx) => ({ url: `${V}/app_versioned_manifests/${await mainAppVersionId(fx)}` }),
  },
  'POST /api/v1/app_versioned_manifests': {
    expect: managersAndStaff(201),
    call: (fx) => ({
      url: `${V}/app_versioned_manifests`,
      payload: {
        developer_app_id: fx.app.id,
        environment_type: 'Sandbox',
        manifest: { content: EXAMPLE_MANIFEST_4_1 },
        semantic_version: nextSemanticVersion(),
      },
    }),
  },
  'POST /api/v1/app_versions': {
    expect: managersAndStaff(201),
    call: (fx) => ({
      url: `${V}/app_versions`,
      payload: versionBody(fx.app.id, 'Sandbox', nextSemanticVersion()),
    }),
  },
  'PATCH /api/v1/app_versions/:id': {
    expect: managers(200),
    call: async (fx) => ({
      url: `${V}/app_versions/${await productionVersionId(fx)}`,
      payload: { app_version: { state: 'in_review', developer_notes: 'Ready for review' } },
    }),
  },
  'POST /api/v1/app_version_promotions': {
    expect: managers(201),
    call: async (fx) => ({
      url: `${V}/app_version_promotions`,
      payload: {
        app_version_promotion: { source_app_version_id: await sandboxVersionId(fx), changelog: 'Notes' },
      },
    }),
  },
  'PATCH /api/v1/admin/app_versions/:id': {
    expect: staff(200),
    call: async (fx) => ({
      url: `${V}/admin/app_versions/${await productionVersionId(fx, true)}`,
      payload: { app_version: { state: 'published', admin_notes: 'Approved' } },
    }),
  },
  'POST /api/v1/admin/app_version_promotions': {
    expect: staff(201),
    call: async (fx) => ({
      url: `${V}/admin/app_version_promotions`,
      payload: {
        app_version_promotion: { source_app_version_id: await sandboxVersionId(fx), changelog: null },
      },
    }),
  },
};
