/**
 * The 9-row role matrix against every app endpoint that exists, for owner / admin / developer /
 * stranger. Members join through the real invitation flow.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { createAppAs } from '../apps/apps.fixtures.ts';
import { joinApp } from './collaborators.fixtures.ts';

let t: TestApp;
let appId: string;
let sandboxId: string;
let sandboxOauthId: string;
let people: Record<
  'owner' | 'admin' | 'developer' | 'stranger',
  { client: TestClient; user: { id: string } }
>;

before(async () => {
  t = await createTestApp({ sandboxProvisionSeconds: 0 });
  const owner = await t.asNewUser();
  appId = (await createAppAs(owner.client, 'Matrix App')).id;
  await t.drainJobs();
  people = {
    owner,
    admin: await joinApp(t, owner.client, appId, 'admin'),
    developer: await joinApp(t, owner.client, appId, 'developer'),
    stranger: await t.asNewUser(),
  };
  const app = (await owner.client.get(`/api/v1/developer_apps/${appId}`)).json();
  assert.equal(app.sandbox.status, 'live');
  sandboxId = app.sandbox.id;
  sandboxOauthId = app.sandbox.oauth_application_id;
});
after(() => t.close());

type Role = keyof typeof people;
type Call = (client: TestClient) => ReturnType<TestClient['get']>;

async function expectStatuses(name: string, call: Call, expected: Record<Role, number>) {
  for (const role of ['stranger', 'developer', 'admin', 'owner'] as const) {
    const res = await call(people[role].client);
    assert.equal(res.statusCode, expected[role], `${name} as ${role}: ${res.body}`);
  }
}

const viewers = { owner: 200, admin: 200, developer: 200, stranger: 404 };
const editors = { owner: 200, admin: 200, developer: 403, stranger: 404 };

test('View Production Client ID / Sandbox Credentials / Manifests: every role; strangers 404', async () => {
  await expectStatuses('GET app', (c) => c.get(`/api/v1/developer_apps/${appId}`), viewers);
  await expectStatuses(
    'GET permissions',
    (c) => c.get(`/api/v1/developer_app_permissions?developer_app_id=${appId}`),
    viewers,
  );
  await expectStatuses(
    'GET sandbox oauth app',
    (c) => c.get(`/api/v1/oauth_applications/${sandboxOauthId}`),
    viewers,
  );
  await expectStatuses(
    'reveal sandbox secret',
    (c) => c.post(`/api/v1/oauth_applications/${sandboxOauthId}/reveal_secret`),
    viewers,
  );
  await expectStatuses(
    'GET collaborators',
    (c) => c.get(`/api/v1/collaborators?developer_app_id=${appId}`),
    viewers,
  );
  await expectStatuses(
    'GET invitations',
    (c) => c.get(`/api/v1/invitations?developer_app_id=${appId}`),
    viewers,
  );
});

test('the permission flags follow the matrix per role', async () => {
  const flags = async (role: Role) =>
    (await people[role].client.get(`/api/v1/developer_app_permissions?developer_app_id=${appId}`)).json();
  const expected = {
    owner: {
      canEdit: true,
      canModifyCredentials: true,
      canModifyManifests: true,
      canSubmitMarketplaceApp: true,
      canDestroy: true,
      canViewClientCredentials: true,
    },
    admin: {
      canEdit: true,
      canModifyCredentials: true,
      canModifyManifests: true,
      canSubmitMarketplaceApp: true,
      canDestroy: false,
      canViewClientCredentials: true,
    },
    developer: {
      canEdit: false,
      canModifyCredentials: false,
      canModifyManifests: false,
      canSubmitMarketplaceApp: false,
      canDestroy: false,
      canViewClientCredentials: true,
    },
  };
  for (const role of ['owner', 'admin', 'developer'] as const) {
    const actual = await flags(role);
    for (const [flag, value] of Object.entries(expected[role]))
      assert.equal(actual[flag], value, `${role}.${flag}`);
  }
});

test('Edit App Settings: owner and admin; developer 403', async () => {
  await expectStatuses(
    'PATCH app',
    (c) => c.patch(`/api/v1/developer_apps/${appId}`, { developer_app: { name: 'Matrix App' } }),
    editors,
  );
  await expectStatuses(
    'PATCH sandbox',
    (c) => c.patch(`/api/v1/sandboxes/${sandboxId}`, { allowed_cors_domain: '' }),
    editors,
  );
});

test('Reset Client Secret: owner and admin; developer 403', async () => {
  await expectStatuses(
    'reset sandbox secret',
    (c) => c.post(`/api/v1/sandboxes/${sandboxId}/reset_secret`),
    editors,
  );
  await expectStatuses(
    'reset oauth secret',
    (c) => c.post(`/api/v1/oauth_applications/${sandboxOauthId}/reset_secret`, { acknowledged: true }),
    editors,
  );
  // Requesting production credentials is a credential change too (second request is a no-op or conflict).
  const request = (c: TestClient) =>
    c.post(`/api/v1/developer_apps/${appId}/production_access`, { confidential: true });
  assert.equal((await request(people.stranger.client)).statusCode, 404);
  assert.equal((await request(people.developer.client)).statusCode, 403);
  assert.equal((await request(people.admin.client)).statusCode, 200);
});

test('Update Collaborator Permissions: owner and admin invite; developer 403', async () => {
  let n = 0;
  await expectStatuses(
    'invite',
    (c) =>
      c.post('/api/v1/invitations', {
        developer_app_id: appId,
        email: `matrix${++n}@example.com`,
        role: 'developer',
      }),
    { owner: 201, admin: 201, developer: 403, stranger: 404 },
  );
});

test('sandbox generation is owner-only; staff-only instant sandbox refused to members', async () => {
  const generate = (c: TestClient) => c.post(`/api/v1/developer_apps/${appId}/sandbox`);
  assert.equal((await generate(people.stranger.client)).statusCode, 404);
  assert.equal((await generate(people.developer.client)).statusCode, 403);
  assert.equal((await generate(people.admin.client)).statusCode, 403);
  // The owner passes the role check; the app already has a live sandbox.
  assert.equal((await generate(people.owner.client)).statusCode, 409);
  await expectStatuses(
    'generate fake sandbox',
    (c) => c.post(`/api/v1/developer_apps/${appId}/sandbox/generate_fake`),
    { owner: 403, admin: 403, developer: 403, stranger: 404 },
  );
});

test('Delete App: owner only', async () => {
  await expectStatuses('DELETE app', (c) => c.delete(`/api/v1/developer_apps/${appId}`), {
    stranger: 404,
    developer: 403,
    admin: 403,
    owner: 204,
  });
  await expectStatuses('GET deleted app', (c) => c.get(`/api/v1/developer_apps/${appId}`), {
    stranger: 404,
    developer: 404,
    admin: 404,
    owner: 404,
  });
});
