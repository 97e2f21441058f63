/**
 * Every /api route with a valid call per persona and the status each persona gets. Suites read it
 * through routeTable(app), which fails when a registered route is missing here (or an entry names a
 * route that no longer exists), so a new route cannot ship without saying who may call it.
 */
import type { LightMyRequestResponse } from 'fastify';
import { optOutToken } from '../features/announcements/announcements.mail.ts';
import { completeDraft, enableMarketplace, SHOWCASE_MP4 } from '../features/listings/testing.ts';
import { EXAMPLE_MANIFEST_4_1 } from '../features/manifests/manifest-examples.ts';
import { createVersion, promoteVersion, versionBody } from '../features/manifests/testing.ts';
import type { App, RegisteredRoute } from '../platform/http/route.ts';
import { TEST_PASSWORD, type TestClient } from './helpers.ts';
import { type FixtureApp, PERSONAS, type Persona, type RouteFixtures } from './route-fixtures.ts';
import { multipart, pngBytes } from './uploads.ts';

export type Expected = Record<Persona, number>;

export type Call = {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Who sends it; by default a copy of the persona's browser (cookies and all). */
  client?: TestClient;
};

export type RouteSpec = {
  /** A valid call as this persona: path parameters of a real resource, a body that passes validation. */
  call(fx: RouteFixtures, persona: Persona): Call | Promise<Call>;
  /** The exact status each persona gets for that call. */
  expect: Expected;
  /** A Cache-Control the route sets on purpose instead of the API's `no-store`. */
  cacheControl?: string;
};

const everyone = (status: number) => Object.fromEntries(PERSONAS.map((p) => [p, status])) as Expected;
const signedIn = (status: number): Expected => ({ ...everyone(status), anonymous: 401 });
/** Platform staff only; others are told they are not allowed. */
const staff = (status: number): Expected => ({ ...everyone(403), anonymous: 401, platformAdmin: status });
/** People on the app; everyone else (platform staff too) is told it does not exist. */
const members = (status: number): Expected => ({
  ...everyone(status),
  anonymous: 401,
  stranger: 404,
  platformAdmin: 404,
});
const managers = (status: number): Expected => ({ ...members(status), developer: 403 });
/** Members, and platform staff for any app (they review it). */
const membersAndStaff = (status: number): Expected => ({ ...members(status), platformAdmin: status });
/** Owner and app admins, and platform staff for any app (the admin app page creates versions). */
const managersAndStaff = (status: number): Expected => ({ ...managers(status), platformAdmin: status });
const ownerOnly = (status: number): Expected => ({ ...managers(status), appAdmin: 403 });

const V = '/api/v1';
const appUrl = (app: { id: string }, rest = '') => `${V}/developer_apps/${app.id}${rest}`;

/** An app whose owner asked for production credentials (the state staff approve or deny). */
async function pendingProductionApp(fx: RouteFixtures): Promise<FixtureApp> {
  const app = await fx.freshApp();
  const res = await fx.clients.owner.post(appUrl(app, '/production_access'), { confidential: true });
  if (res.statusCode !== 200) throw new Error(`production request failed: ${res.body}`);
  return app;
}

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

/** Listings the marketplace rows call: a draft on the main app, and a published listing of its own app. */
const marketplaceFixtures = new WeakMap<
  RouteFixtures,
  Promise<{ draftId: string; slug: string; picture: string; video: string }>
>();
function marketplace(fx: RouteFixtures) {
  let built = marketplaceFixtures.get(fx);
  if (!built) {
    built = (async () => {
      const { owner, platformAdmin } = fx.clients;
      await enableMarketplace(fx.t, fx.app.id);
      const draft = await owner.post(appUrl(fx.app, '/submissions'), { public_name: 'Route Matrix Listing' });
      if (draft.statusCode !== 201) throw new Error(`listing fixture: ${draft.body}`);
      const app = await fx.freshApp();
      const listing = await completeDraft(fx.t, owner, app.id, fx.unique('Matrix Listing '));
      await owner.patch(`${V}/submissions/${listing.id}`, { state: 'in_review' });
      const published = await platformAdmin.patch(`${V}/admin/submissions/${listing.id}`, {
        approval_state: 'approved',
      });
      if (published.statusCode !== 200) throw new Error(`listing fixture: ${published.body}`);
      const body = published.json();
      return {
        draftId: draft.json().id as string,
        slug: body.slug as string,
        picture: body.pictures[0].url as string,
        video: new URL(body.showcase_video.url).pathname,
      };
    })();
    marketplaceFixtures.set(fx, built);
  }
  return built;
}

/** A fresh app with the marketplace activated (a create per call). */
async function marketplaceApp(fx: RouteFixtures): Promise<FixtureApp> {
  const app = await fx.freshApp();
  await enableMarketplace(fx.t, app.id);
  return app;
}

export const ROUTES: Record<string, RouteSpec> = {
  'GET /api/v1/openapi.json': { expect: everyone(200), call: () => ({ url: `${V}/openapi.json` }) },
  'GET /api/v1/config': { expect: everyone(200), call: () => ({ url: `${V}/config` }) },
  'GET /api/v1/terms_and_conditions': {
    expect: everyone(200),
    call: () => ({ url: `${V}/terms_and_conditions` }),
  },
  'POST /api/v1/analytics': {
    expect: everyone(202),
    call: () => ({ url: `${V}/analytics`, payload: { key: 'route_matrix.checked' } }),
  },

  // Accounts: public calls work for anyone; calls that start or end a session use their own.
  'POST /api/v1/auth/sign_up': {
    expect: everyone(201),
    call: (fx) => ({
      url: `${V}/auth/sign_up`,
      payload: { name: 'New Person', email: `${fx.unique('signup')}@example.com`, password: TEST_PASSWORD },
    }),
  },
  'POST /api/v1/auth/sign_in': {
    expect: everyone(200),
    call: async (fx, persona) => {
      const user = persona === 'anonymous' ? fx.spare : fx.users[persona];
      return { url: `${V}/auth/sign_in`, payload: { email: user.email, password: TEST_PASSWORD } };
    },
  },
  'POST /api/v1/auth/sign_out': {
    expect: everyone(200),
    call: async (fx, persona) => ({ url: `${V}/auth/sign_out`, client: await fx.newSession(persona) }),
  },
  'POST /api/v1/auth/confirm': {
    expect: everyone(200),
    call: async (fx) => {
      const email = `${fx.unique('confirm')}@example.com`;
      await fx.t.client().post(`${V}/auth/sign_up`, { name: 'To Confirm', email, password: TEST_PASSWORD });
      return { url: `${V}/auth/confirm`, payload: { token: await fx.mailedToken(email, 'confirm') } };
    },
  },
  'POST /api/v1/auth/forgot_password': {
    expect: everyone(200),
    call: (fx) => ({ url: `${V}/auth/forgot_password`, payload: { email: fx.spare.email } }),
  },
  'POST /api/v1/auth/reset_password': {
    expect: everyone(200),
    call: async (fx) => {
      await fx.t.client().post(`${V}/auth/forgot_password`, { email: fx.spare.email });
      const token = await fx.mailedToken(fx.spare.email, 'reset_password');
      // The same password again, so the spare account still signs in with it.
      return { url: `${V}/auth/reset_password`, payload: { token, password: TEST_PASSWORD } };
    },
  },
  'GET /api/v1/me': { expect: signedIn(200), call: () => ({ url: `${V}/me` }) },
  'PATCH /api/v1/me': {
    expect: signedIn(200),
    call: () => ({ url: `${V}/me`, payload: { company_name: 'Route Matrix Inc' } }),
  },
  'POST /api/v1/me/password': {
    expect: signedIn(200),
    call: async (fx, persona) => ({
      url: `${V}/me/password`,
      payload: { current_password: TEST_PASSWORD, new_password: 'another good password' },
      client: (await fx.lookalike(persona)).client,
    }),
  },

  // Announcements
  'GET /api/v1/notifications': { expect: signedIn(200), call: () => ({ url: `${V}/notifications` }) },
  'GET /api/v1/notifications/unread_count': {
    expect: signedIn(200),
    call: () => ({ url: `${V}/notifications/unread_count` }),
  },
  'POST /api/v1/notifications/read_all': {
    expect: signedIn(200),
    call: () => ({ url: `${V}/notifications/read_all` }),
  },
  'POST /api/v1/notifications/opt_out': {
    expect: everyone(200),
    call: (fx) => ({
      url: `${V}/notifications/opt_out`,
      payload: { token: optOutToken(fx.t.ctx.config, fx.spare.id) },
    }),
  },
  'GET /api/v1/notifications/:id': {
    expect: signedIn(200),
    call: (fx) => ({ url: `${V}/notifications/${fx.announcementId}` }),
  },
  'PATCH /api/v1/notifications/:id': {
    expect: signedIn(200),
    call: (fx) => ({ url: `${V}/notifications/${fx.announcementId}` }),
  },
  'GET /api/v1/admin/notifications': {
    expect: staff(200),
    call: () => ({ url: `${V}/admin/notifications` }),
  },
  'POST /api/v1/admin/notifications': {
    expect: staff(201),
    call: (fx) => ({
      url: `${V}/admin/notifications`,
      payload: { title: fx.unique('Matrix news '), summary: 'Summary', body: 'Body' },
    }),
  },
  'GET /api/v1/admin/notifications/:id': {
    expect: staff(200),
    call: (fx) => ({ url: `${V}/admin/notifications/${fx.announcementId}` }),
  },
  'PATCH /api/v1/admin/notifications/:id': {
    expect: staff(200),
    call: (fx) => ({
      url: `${V}/admin/notifications/${fx.announcementId}`,
      payload: { title: 'Route matrix announcement' },
    }),
  },
  'DELETE /api/v1/admin/notifications/:id': {
    expect: staff(204),
    call: async (fx) => {
      const created = await fx.clients.platformAdmin.post(`${V}/admin/notifications`, {
        title: fx.unique('To delete '),
        summary: 'Summary',
        body: 'Body',
      });
      return { url: `${V}/admin/notifications/${created.json().id}` };
    },
  },
  'GET /api/v1/admin/outbox': { expect: staff(200), call: () => ({ url: `${V}/admin/outbox` }) },
  'GET /api/v1/admin/developer_apps': {
    expect: staff(200),
    call: () => ({ url: `${V}/admin/developer_apps?filters[with_deleted]=true&sort=internal_name` }),
  },
  'GET /api/v1/admin/developers': {
    expect: staff(200),
    call: () => ({ url: `${V}/admin/developers?filters[search]=example` }),
  },
  'GET /api/v1/admin/oauth_applications': {
    expect: staff(200),
    call: () => ({ url: `${V}/admin/oauth_applications?environment=sandbox&sort=-uid` }),
  },
  'GET /api/v1/admin/developer_apps/:id': {
    expect: staff(200),
    call: (fx) => ({ url: `${V}/admin/developer_apps/${fx.app.id}` }),
  },
  'PATCH /api/v1/admin/developer_apps/:id': {
    expect: staff(200),
    call: (fx) => ({
      url: `${V}/admin/developer_apps/${fx.app.id}`,
      payload: { developer_app: { marketplace_enabled: true } },
    }),
  },
  'PUT /api/v1/admin/developer_apps/:id': {
    expect: staff(200),
    call: async (fx) => ({
      url: `${V}/admin/developer_apps/${(await fx.freshApp()).id}`,
      ...multipart([
        {
          name: 'developer_app[thumbnail]',
          filename: 'logo.png',
          type: 'image/png',
          data: pngBytes(256, 256),
        },
      ]),
    }),
  },
  'GET /api/v1/admin/developer_apps/:id/thumbnail': {
    expect: staff(200),
    cacheControl: 'private, max-age=3600',
    call: (fx) => ({ url: `${V}/admin/developer_apps/${fx.app.id}/thumbnail` }),
  },
  'GET /api/v1/admin/developers/:id': {
    expect: staff(200),
    call: (fx) => ({ url: `${V}/admin/developers/${fx.spare.id}` }),
  },
  'PATCH /api/v1/admin/developers/:id': {
    expect: staff(200),
    call: (fx) => ({
      url: `${V}/admin/developers/${fx.spare.id}`,
      payload: { developer: { employee: true } },
    }),
  },
  'GET /api/v1/admin/audit': { expect: staff(200), call: () => ({ url: `${V}/admin/audit` }) },
  'GET /api/v1/admin/review_queue': {
    expect: staff(200),
    call: () => ({ url: `${V}/admin/review_queue?filters[in_review]=false` }),
  },

  // Apps
  'POST /api/v1/developer_apps': {
    expect: signedIn(201),
    call: (fx) => ({ url: `${V}/developer_apps`, payload: { internal_name: fx.unique('Matrix ') } }),
  },
  'GET /api/v1/developer_apps': { expect: signedIn(200), call: () => ({ url: `${V}/developer_apps` }) },
  'GET /api/v1/developer_apps/:id': { expect: members(200), call: (fx) => ({ url: appUrl(fx.app) }) },
  'PATCH /api/v1/developer_apps/:id': {
    expect: managers(200),
    call: (fx) => ({ url: appUrl(fx.app), payload: { developer_app: { name: 'Route Matrix App' } } }),
  },
  'PUT /api/v1/developer_apps/:id': {
    expect: managers(200),
    call: (fx) => ({
      url: appUrl(fx.app),
      ...multipart([
        { name: 'thumbnail', filename: 'logo.png', type: 'image/png', data: pngBytes(256, 256) },
      ]),
    }),
  },
  'DELETE /api/v1/developer_apps/:id': {
    expect: ownerOnly(204),
    call: async (fx) => ({ url: appUrl(await fx.freshApp()) }),
  },
  'GET /api/v1/developer_apps/:id/thumbnail': {
    expect: members(200),
    // A logo is only ever shown to the people on the app; browsers may keep it for an hour.
    cacheControl: 'private, max-age=3600',
    call: (fx) => ({ url: appUrl(fx.app, '/thumbnail') }),
  },
  'PATCH /api/v1/developer_apps/:id/contacts/:contact_id': {
    expect: managers(200),
    call: (fx) => ({
      url: appUrl(fx.app, `/contacts/${fx.app.contactId}`),
      payload: { name: 'Casey Contact' },
    }),
  },
  'GET /api/v1/developer_app_permissions': {
    expect: members(200),
    call: (fx) => ({ url: `${V}/developer_app_permissions?developer_app_id=${fx.app.id}` }),
  },

  // Credentials and sandboxes
  'GET /api/v1/oauth_applications/:id': {
    expect: members(200),
    call: (fx) => ({ url: `${V}/oauth_applications/${fx.app.sandboxOauthId}` }),
  },
  'POST /api/v1/oauth_applications/:id/reset_secret': {
    expect: managers(200),
    call: (fx) => ({
      url: `${V}/oauth_applications/${fx.app.sandboxOauthId}/reset_secret`,
      payload: { acknowledged: true },
    }),
  },
  'POST /api/v1/oauth_applications/:id/reveal_secret': {
    expect: members(200),
    call: (fx) => ({ url: `${V}/oauth_applications/${fx.app.sandboxOauthId}/reveal_secret` }),
  },
  'POST /api/v1/developer_apps/:id/production_access': {
    expect: managers(200),
    call: async (fx) => ({
      url: appUrl(await fx.freshApp(), '/production_access'),
      payload: { confidential: true },
    }),
  },
  'POST /api/v1/admin/developer_apps/:id/production_access/approve': {
    expect: staff(200),
    call: async (fx) => ({
      url: `${V}/admin/developer_apps/${(await pendingProductionApp(fx)).id}/production_access/approve`,
    }),
  },
  'POST /api/v1/admin/developer_apps/:id/production_access/deny': {
    expect: staff(200),
    call: async (fx) => ({
      url: `${V}/admin/developer_apps/${(await pendingProductionApp(fx)).id}/production_access/deny`,
    }),
  },
  'PATCH /api/v1/sandboxes/:id': {
    expect: managers(200),
    call: (fx) => ({ url: `${V}/sandboxes/${fx.app.sandboxId}`, payload: { allowed_cors_domain: '' } }),
  },
  'POST /api/v1/sandboxes/:id/reset_secret': {
    expect: managers(200),
    call: (fx) => ({ url: `${V}/sandboxes/${fx.app.sandboxId}/reset_secret` }),
  },
  'POST /api/v1/developer_apps/:id/sandbox': {
    expect: ownerOnly(202),
    call: async (fx) => {
      const app = await fx.freshApp();
      await fx.failSandbox(app.id);
      return { url: appUrl(app, '/sandbox') };
    },
  },
  'POST /api/v1/developer_apps/:id/sandbox/generate_fake': {
    // Staff who are also on the app only: no persona is both, so members are refused too.
    expect: members(403),
    call: (fx) => ({ url: appUrl(fx.app, '/sandbox/generate_fake') }),
  },

  // Collaborators and invitations
  'GET /api/v1/collaborators': {
    expect: members(200),
    call: (fx) => ({ url: `${V}/collaborators?developer_app_id=${fx.app.id}` }),
  },
  'PATCH /api/v1/collaborators': {
    expect: managers(200),
    call: (fx) => ({
      url: `${V}/collaborators`,
      payload: {
        developer_app_id: fx.app.id,
        collaborators: [{ id: fx.app.members.developer, role: 'developer' }],
      },
    }),
  },
  'DELETE /api/v1/collaborators/:id': {
    expect: managers(204),
    call: async (fx) => {
      const app = await fx.freshApp();
      return { url: `${V}/collaborators/${app.members.developer}?developer_app_id=${app.id}` };
    },
  },
  'POST /api/v1/collaborators/:id/transfer_ownership': {
    expect: ownerOnly(200),
    call: async (fx) => {
      const app = await fx.freshApp();
      return {
        url: `${V}/collaborators/${app.members.developer}/transfer_ownership?developer_app_id=${app.id}`,
      };
    },
  },
  'GET /api/v1/invitations': {
    expect: members(200),
    call: (fx) => ({ url: `${V}/invitations?developer_app_id=${fx.app.id}` }),
  },
  'POST /api/v1/invitations': {
    expect: managers(201),
    call: (fx) => ({
      url: `${V}/invitations`,
      payload: {
        developer_app_id: fx.app.id,
        email: `${fx.unique('invite')}@example.com`,
        role: 'developer',
      },
    }),
  },
  'PATCH /api/v1/invitations/:id': {
    expect: managers(200),
    call: async (fx) => {
      const invited = await fx.clients.owner.post(`${V}/invitations`, {
        developer_app_id: fx.app.id,
        email: `${fx.unique('cancel')}@example.com`,
        role: 'admin',
      });
      return {
        url: `${V}/invitations/${invited.json().id}`,
        payload: { developer_app_id: fx.app.id, invitation: { status: 'canceled' } },
      };
    },
  },
  'GET /api/v1/invitations/:token': {
    expect: everyone(200),
    call: (fx) => ({ url: `${V}/invitations/${fx.invitationToken}` }),
  },
  'POST /api/v1/invitations/:token/accept': {
    // The invitation is addressed to the stranger: only that account may accept it.
    expect: { ...everyone(403), anonymous: 401, stranger: 200 },
    call: async (fx) => {
      const app = await fx.freshApp();
      const email = fx.users.stranger.email;
      await fx.clients.owner.post(`${V}/invitations`, { developer_app_id: app.id, email, role: 'developer' });
      return { url: `${V}/invitations/${await fx.mailedToken(email, 'invitations')}/accept` };
    },
  },

  // Manifests
  'GET /api/v1/manifest_templates': {
    expect: signedIn(200),
    call: () => ({ url: `${V}/manifest_templates` }),
  },
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
  // Marketplace listings
  'GET /api/v1/developer_apps/:id/submissions': {
    expect: members(200),
    call: (fx) => ({ url: appUrl(fx.app, '/submissions') }),
  },
  'POST /api/v1/developer_apps/:id/submissions': {
    expect: managers(201),
    call: async (fx) => ({
      url: appUrl(await marketplaceApp(fx), '/submissions'),
      payload: { public_name: 'Matrix' },
    }),
  },
  'GET /api/v1/submissions/:id': {
    expect: members(200),
    call: async (fx) => ({ url: `${V}/submissions/${(await marketplace(fx)).draftId}` }),
  },
  'PATCH /api/v1/submissions/:id': {
    expect: managers(200),
    call: async (fx) => ({
      url: `${V}/submissions/${(await marketplace(fx)).draftId}`,
      payload: { tagline: 'Checked by the route matrix' },
    }),
  },
  'GET /api/v1/admin/developer_apps/:id/submissions': {
    expect: staff(200),
    call: (fx) => ({ url: `${V}/admin/developer_apps/${fx.app.id}/submissions` }),
  },
  'POST /api/v1/admin/developer_apps/:id/submissions': {
    expect: staff(201),
    call: async (fx) => ({
      url: `${V}/admin/developer_apps/${(await fx.freshApp()).id}/submissions`,
      payload: { public_name: 'Staff draft', beta: true },
    }),
  },
  'GET /api/v1/admin/submissions/:id': {
    expect: staff(200),
    call: async (fx) => ({ url: `${V}/admin/submissions/${(await marketplace(fx)).draftId}` }),
  },
  'PATCH /api/v1/admin/submissions/:id': {
    expect: staff(200),
    call: async (fx) => ({
      url: `${V}/admin/submissions/${(await marketplace(fx)).draftId}`,
      payload: { notes: 'Checked by the route matrix', security_badge: true },
    }),
  },
  // Engagement metrics: the app's people (every role) and staff.
  'GET /api/v1/developer_apps/:id/metrics': {
    expect: membersAndStaff(200),
    call: (fx) => ({ url: appUrl(fx.app, '/metrics?from=2026-01-01&to=2026-01-31') }),
  },
  'GET /api/v1/developer_apps/:id/installations.csv': {
    expect: membersAndStaff(200),
    call: (fx) => ({ url: appUrl(fx.app, '/installations.csv') }),
  },
  'GET /api/v1/categories': { expect: everyone(200), call: () => ({ url: `${V}/categories` }) },
  'GET /api/v1/marketplace/apps': {
    expect: everyone(200),
    call: () => ({ url: `${V}/marketplace/apps?filters[region]=north_america` }),
  },
  'GET /api/v1/marketplace/apps/:slug': {
    expect: everyone(200),
    call: async (fx) => ({ url: `${V}/marketplace/apps/${(await marketplace(fx)).slug}` }),
  },
  'GET /api/v1/marketplace/previews/:id': {
    // The draft listing path: the app's people and staff.
    expect: { ...members(200), platformAdmin: 200 },
    call: async (fx) => ({ url: `${V}/marketplace/previews/${(await marketplace(fx)).draftId}` }),
  },
  'GET /api/v1/marketplace/media/:id': {
    expect: everyone(200),
    // Files never change under their id; a draft's are private, so browsers only keep them privately.
    cacheControl: 'private, max-age=3600',
    call: async (fx) => ({ url: (await marketplace(fx)).picture }),
  },
  'POST /api/v1/videos': {
    expect: { ...managers(201), platformAdmin: 201 },
    call: (fx) => ({
      url: `${V}/videos?developer_app_id=${fx.app.id}`,
      ...multipart([{ name: 'file', filename: 'tour.mp4', type: 'video/mp4', data: SHOWCASE_MP4 }]),
    }),
  },
  'GET /api/v1/videos/:hashed_id': {
    expect: everyone(200),
    cacheControl: 'private, max-age=3600',
    call: async (fx) => ({ url: (await marketplace(fx)).video }),
  },
};

export type TableRoute = RegisteredRoute & { key: string; spec: RouteSpec };

/** The registered /api routes with their table entries; throws when the two disagree. */
export function routeTable(app: App): TableRoute[] {
  const registered = app.routeRegistry.map((route) => ({ ...route, key: `${route.method} ${route.url}` }));
  const missing = registered.filter((route) => !Object.hasOwn(ROUTES, route.key)).map((route) => route.key);
  const known = new Set(registered.map((route) => route.key));
  const stale = Object.keys(ROUTES).filter((key) => !known.has(key));
  if (missing.length || stale.length) {
    throw new Error(
      [
        missing.length &&
          `Registered routes missing from server/src/test/route-table.ts (say who may call them): ${missing.join(', ')}`,
        stale.length && `Table entries for routes that are not registered: ${stale.join(', ')}`,
      ]
        .filter(Boolean)
        .join('\n'),
    );
  }
  return registered.map((route) => ({ ...route, spec: ROUTES[route.key]! }));
}

/** The personas whose call succeeds (2xx), e.g. to send generated input as someone allowed. */
export const allowedPersonas = (route: TableRoute): Persona[] =>
  PERSONAS.filter((persona) => route.spec.expect[persona] < 300);

/** Makes the route's valid call as the persona. */
export async function callRoute(
  fx: RouteFixtures,
  route: TableRoute,
  persona: Persona,
): Promise<LightMyRequestResponse> {
  const call = await route.spec.call(fx, persona);
  const client = call.client ?? fx.browser(persona);
  return client.request({
    method: route.method as 'GET',
    url: call.url,
    ...(call.payload === undefined ? {} : { payload: call.payload as string }),
    ...(call.headers ? { headers: call.headers } : {}),
  });
}
