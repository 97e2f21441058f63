import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  type Configured,
  configuredToManifest,
  MANIFEST_MESSAGES,
  manifestHeaderStatus,
  manifestToConfigured,
} from '@portal/contracts';
import { createTestApp, type TestClient, useTestApp } from '../../test/helpers.ts';
import { createAppAs } from '../apps/testing.ts';
import { EXAMPLE_MANIFEST_3, EXAMPLE_MANIFEST_4_1 } from './manifest-examples.ts';
import { MODIFY_DENIED } from './manifests.access.ts';
import { createVersion, manifestApp, manifestTeam, promoteVersion, versionBody } from './testing.ts';

const t = useTestApp({ sandboxProvisionSeconds: 0 });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function list(client: TestClient, appId: string, query = '') {
  const res = await client.get(`/api/v1/manifests?filters[developer_app_id]=${appId}${query}`);
  assert.equal(res.statusCode, 200, res.body);
  return res;
}

/** POST /app_versioned_manifests of a sandbox version of the app, as its owner. */
function postSandboxVersion(app: { id: string; owner: TestClient }, body: object) {
  return app.owner.post('/api/v1/app_versioned_manifests', {
    developer_app_id: app.id,
    environment_type: 'Sandbox',
    ...body,
  });
}

async function header(client: TestClient, appId: string) {
  const newest = async (type: string) =>
    (await list(client, appId, `&filters[versionable_type]=${type}&per_page=1`)).json()[0];
  return manifestHeaderStatus(await newest('Sandbox'), await newest('Production')).label;
}

describe('preconditions (spec developer-apps §8)', () => {
  test('production manifests need production credentials requested', async () => {
    const app = await manifestApp(t, undefined, { production: false });
    const res = await app.owner.post('/api/v1/app_versions', versionBody(app.id, 'Production', '1.0.0'));
    assert.equal(res.statusCode, 409);
    assert.equal(
      res.json().message,
      'Production credentials must be requested before production manifests can be created.',
    );
    const sandbox = await createVersion(app.owner, app.id, 'Sandbox', '0.1.0');
    const promoted = await app.owner.post('/api/v1/app_version_promotions', {
      app_version_promotion: { source_app_version_id: sandbox.id, changelog: 'First' },
    });
    assert.equal(promoted.statusCode, 409);
    assert.equal(promoted.json().message, MANIFEST_MESSAGES.productionCredentialsRequired);
  });

  test('sandbox manifests need a generated sandbox', async () => {
    const { client } = await t.asNewUser();
    const app = await createAppAs(client, 'Sandbox still building');
    const res = await client.post('/api/v1/app_versions', versionBody(app.id, 'Sandbox', '0.1.0'));
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().message, 'A sandbox must be generated before sandbox manifests can be created.');
    await t.drainJobs();
    assert.equal(
      (await client.post('/api/v1/app_versions', versionBody(app.id, 'Sandbox', '0.1.0'))).statusCode,
      201,
    );
  });
});

describe('creating versions', () => {
  test('a sandbox version: numbered, keyed, with uuids and the app_manifest filled in', async () => {
    const app = await manifestApp(t);
    const res = await app.owner.post('/api/v1/app_versions', versionBody(app.id, 'Sandbox', '0.1.0'));
    assert.equal(res.statusCode, 201, res.body);
    const v1 = res.json();
    assert.equal(v1.environment, 'Sandbox');
    assert.equal(v1.version, 1);
    assert.equal(v1.semantic_version, '0.1.0');
    assert.equal(v1.schema_version, '3.2');
    assert.equal(v1.state, 'confidential');
    assert.equal(v1.app_version_id, v1.id);
    assert.match(v1.app_version_key, UUID);
    assert.equal(v1.app_version_key.length, 36);
    assert.notEqual(v1.app_version_key, v1.id);
    assert.deepEqual([v1.promotable, v1.submittable, v1.published_to_marketplace], [true, false, false]);
    assert.equal(v1.created_by.name, 'Olive Owner');
    assert.equal(v1.configured_manifest_content, null);
    assert.deepEqual(Object.keys(v1.content).slice(0, 2), ['schema_version', 'app_manifest']);
    assert.equal(v1.content.app_manifest.id, v1.app_manifest_id);
    assert.match(v1.content.app_manifest.name, /^Manifest App/);
    const instances = [...v1.content.components.oauth.instances, ...v1.content.components.iframe.instances];
    assert.ok(instances.every((instance: { uuid: string }) => UUID.test(instance.uuid)));
    // Everything else is kept as written, keys in their order.
    const { app_manifest: _, ...rest } = v1.content;
    const stripped = JSON.parse(JSON.stringify(rest, (key, value) => (key === 'uuid' ? undefined : value)));
    assert.equal(JSON.stringify(stripped), JSON.stringify(EXAMPLE_MANIFEST_3));

    // The next version: next number, same app_manifest, and a component keeps the uuid it carries.
    const content = structuredClone(v1.content);
    content.app_manifest = { id: 'forged', name: 'Forged' };
    const v2 = await createVersion(app.owner, app.id, 'Sandbox', '0.2.0', content);
    const full = (await app.owner.get(`/api/v1/app_versioned_manifests/${v2.id}`)).json();
    assert.equal(full.version, 2);
    assert.deepEqual(full.content.app_manifest, v1.content.app_manifest);
    assert.equal(
      full.content.components.iframe.instances[0].uuid,
      v1.content.components.iframe.instances[0].uuid,
    );
  });

  test('semantic versions: required, major.minor.patch, above every version of the app', async () => {
    const app = await manifestApp(t);
    const post = (environment: 'Sandbox' | 'Production', semver: string | null) =>
      app.owner.post('/api/v1/app_versions', versionBody(app.id, environment, semver));
    const field = (res: { json(): { fields: Record<string, string[]> } }) =>
      res.json().fields['app_version.semantic_version'];
    for (const missing of [null, '', '  ']) {
      const res = await post('Sandbox', missing);
      assert.equal(res.statusCode, 422);
      assert.deepEqual(field(res), ['Semantic version is required']);
    }
    for (const bad of ['1.2', 'v1.0.0', '1.0.0-beta', '01.0.0']) {
      const res = await post('Sandbox', bad);
      assert.equal(res.statusCode, 422, bad);
      assert.deepEqual(field(res), ['Semantic version must follow major.minor.patch, e.g. 1.4.0']);
    }
    assert.equal((await post('Sandbox', '0.9.0')).statusCode, 201);
    for (const notAbove of ['0.9.0', '0.2.0']) {
      const res = await post('Sandbox', notAbove);
      assert.equal(res.statusCode, 422);
      assert.deepEqual(field(res), ["Semantic version must be greater than 0.9.0, the app's latest version"]);
    }
    // Numerically above, though "0.10.0" < "0.9.0" as text.
    assert.equal((await post('Sandbox', '0.10.0')).statusCode, 201);
    // A production version is above every version of the app too (sandbox ones included).
    assert.deepEqual(field(await post('Production', '0.10.0')), [
      "Semantic version must be greater than 0.10.0, the app's latest version",
    ]);
    const production = (await post('Production', '1.0.0')).json();
    assert.deepEqual(
      [production.environment, production.version, production.submittable],
      ['Production', 3, true],
    );
  });

  test('content violations answer 422 with every pointer at the content field', async () => {
    const app = await manifestApp(t);
    const bad = structuredClone(EXAMPLE_MANIFEST_4_1);
    bad.fullscreen.source_url = 'http://punchlist.example.com';
    bad.sidepanel.views = ['nope.list'];
    const res = await app.owner.post('/api/v1/app_versions', versionBody(app.id, 'Sandbox', '0.1.0', bad));
    assert.equal(res.statusCode, 422);
    assert.equal(res.json().message, 'There are (2) content violations.');
    const lines = [
      `/fullscreen/source_url: ${MANIFEST_MESSAGES.componentUrlHttps}`,
      '/sidepanel/views/0: nope.list is not a known side panel view',
    ];
    assert.deepEqual(res.json().errors, lines);
    assert.deepEqual(res.json().fields, { 'app_version.manifest.content': lines });
    bad.sidepanel.views = ['rfi.detail'];
    const one = await app.owner.post('/api/v1/app_versions', versionBody(app.id, 'Sandbox', '0.1.0', bad));
    assert.equal(one.json().message, lines[0]);
    assert.equal((await list(app.owner, app.id)).json().length, 0);
  });

  test('POST /app_versioned_manifests: manifest content, or the form’s configured content as schema 4.1', async () => {
    const app = await manifestApp(t);
    const post = (body: object) => postSandboxVersion(app, body);
    const plain = await post({ manifest: { content: EXAMPLE_MANIFEST_4_1 }, semantic_version: '1.0.0' });
    assert.equal(plain.statusCode, 201, plain.body);
    assert.equal(plain.json().manifest.semantic_version, '1.0.0');

    const configured = {
      sidepanel: {
        source_url: 'https://punchlist.example.com/panel?p={{procore.project.id}}&t={{team}}',
        views: ['rfi.detail'],
        user_configuration: {
          schema: { properties: { team: { name: 'Team', description: 'Your team', type: 'string' } } },
          required: ['team'],
        },
      },
      permissions: { company: {}, project: { rfi: 'readonly' } },
      oauth: { enabled: true },
      post_installation_instruction: {
        notes: 'Read me',
        page: { label: 'Setup', url: 'https://a.example.com' },
      },
    };
    // Without a semantic version the form-based create gets the suggestion.
    const res = await post({ configured_manifest_content: configured });
    assert.equal(res.statusCode, 201, res.body);
    const manifest = res.json().manifest;
    assert.equal(manifest.semantic_version, '1.1.0');
    assert.deepEqual(manifest.configured_manifest_content, {
      ...configured,
      sidepanel: {
        ...configured.sidepanel,
        user_configuration: {
          schema: { properties: { team: { name: 'Team', description: 'Your team', type: 'string' } } },
          required: ['team'],
        },
      },
    });
    assert.equal(manifest.content.schema_version, '4.1');
    assert.deepEqual(manifest.content.permissions, { company: {}, project: { rfi: 'readonly' } });
    assert.equal(manifest.content.sidepanel.source_url, configured.sidepanel.source_url);
    assert.match(manifest.content.sidepanel.uuid, UUID);
    assert.deepEqual(manifest.content.post_installation_instruction, {
      notes: 'Read me',
      page: { url: 'https://a.example.com', label: 'Setup' },
    });
    assert.deepEqual([manifest.auth_code_capable, manifest.auth_code_locked], [true, true]);
    // The stored manifest is the shared mapping's, and the web reads the form back from it.
    const { app_manifest: _appManifest, ...stored } = manifest.content;
    const { uuid: _uuid, ...sidepanel } = stored.sidepanel;
    assert.deepEqual({ ...stored, sidepanel }, configuredToManifest(configured as Configured));
    const read = manifestToConfigured(manifest.content, { authCodeCapable: manifest.auth_code_capable });
    assert.ok(read.ok);
    assert.deepEqual(configuredToManifest(read.configured), configuredToManifest(configured as Configured));
    // The next form-based version keeps the side panel's uuid (the component is the same one).
    const next = await post({ configured_manifest_content: configured });
    assert.equal(next.statusCode, 201, next.body);
    assert.equal(next.json().manifest.content.sidepanel.uuid, manifest.content.sidepanel.uuid);

    const empty = await post({ configured_manifest_content: { oauth: { enabled: false } } });
    assert.equal(empty.statusCode, 422);
    assert.deepEqual(empty.json().fields.configured_manifest_content, [
      MANIFEST_MESSAGES.atLeastOneComponent,
    ]);
    const partial = await post({
      configured_manifest_content: { post_installation_instruction: { notes: 'x' } },
    });
    assert.deepEqual(partial.json().fields['configured_manifest_content.post_installation_instruction'], [
      'All post installation instruction fields must be present',
    ]);
    const http = await post({
      configured_manifest_content: { fullscreen: { source_url: 'http://a.example.com' } },
      semantic_version: '2.0.0',
    });
    assert.equal(http.statusCode, 422);
    assert.deepEqual(http.json().fields.configured_manifest_content, [
      `/fullscreen/source_url: ${MANIFEST_MESSAGES.componentUrlHttps}`,
    ]);
    for (const neither of [
      {},
      { manifest: { content: EXAMPLE_MANIFEST_4_1 }, configured_manifest_content: configured },
    ]) {
      const res = await post(neither);
      assert.equal(res.statusCode, 422);
      assert.deepEqual(res.json().fields.manifest, [
        'Send either manifest.content or configured_manifest_content',
      ]);
    }
  });

  test('POST /app_versioned_manifests: an empty form-based version only with allow_empty (spec developer-apps §5)', async () => {
    const app = await manifestApp(t);
    const post = (body: object) => postSandboxVersion(app, body);
    const empty = { permissions: { company: {}, project: {} }, oauth: { enabled: false } };
    for (const flag of [{}, { allow_empty: false }]) {
      const refused = await post({ configured_manifest_content: empty, ...flag });
      assert.equal(refused.statusCode, 422, refused.body);
      assert.deepEqual(refused.json().fields, {
        configured_manifest_content: [MANIFEST_MESSAGES.atLeastOneComponent],
      });
    }
    const wrong = await post({ manifest: { content: EXAMPLE_MANIFEST_4_1 }, allow_empty: true });
    assert.equal(wrong.statusCode, 422);
    assert.deepEqual(wrong.json().fields, {
      allow_empty: ['allow_empty applies to configured_manifest_content only'],
    });
    assert.equal((await list(app.owner, app.id)).json().length, 0);

    const res = await post({ configured_manifest_content: empty, allow_empty: true });
    assert.equal(res.statusCode, 201, res.body);
    const manifest = res.json().manifest;
    assert.equal(manifest.semantic_version, '0.1.0');
    assert.deepEqual(manifest.configured_manifest_content, empty);
    const { app_manifest: appManifest, ...content } = manifest.content;
    assert.match(appManifest.id, UUID);
    assert.deepEqual(content, { schema_version: '4.1', permissions: { company: {}, project: {} } });
    assert.deepEqual([manifest.auth_code_capable, manifest.auth_code_locked], [false, false]);
    // The form reads it back as the empty form.
    const read = manifestToConfigured(manifest.content, { authCodeCapable: manifest.auth_code_capable });
    assert.deepEqual(read, { ok: true, configured: empty });
    assert.equal((await list(app.owner, app.id)).json().length, 1);
  });

  test('with semantic versions off, versions are numbered only and promote without release notes', async () => {
    const off = await createTestApp({ sandboxProvisionSeconds: 0, semanticVersions: false });
    try {
      const app = await manifestApp(off);
      const v1 = await createVersion(app.owner, app.id, 'Sandbox', '3.0.0');
      assert.deepEqual([v1.version, v1.semantic_version], [1, null]);
      const v2 = await createVersion(app.owner, app.id, 'Sandbox', null);
      const res = await app.owner.post('/api/v1/app_version_promotions', {
        app_version_promotion: { source_app_version_id: v2.id, changelog: null },
      });
      assert.equal(res.statusCode, 201, res.body);
      assert.deepEqual([res.json().version, res.json().changelog], [2, null]);
    } finally {
      await off.close();
    }
  });
});

describe('lists', () => {
  test('one environment or both, newest version first; ProductionEnvironment means Production', async () => {
    const app = await manifestApp(t);
    // The test clock stands still unless moved: a minute between versions orders created_at.
    const a = await createVersion(app.owner, app.id, 'Sandbox', '0.1.0');
    t.clock.advance(60_000);
    const b = await createVersion(app.owner, app.id, 'Sandbox', '0.2.0');
    t.clock.advance(60_000);
    const p = await promoteVersion(app.owner, b.id);
    const ids = async (query: string) =>
      (await list(app.owner, app.id, query)).json().map((m: { id: string }) => m.id);
    assert.deepEqual(await ids('&filters[versionable_type]=Sandbox'), [b.id, a.id]);
    assert.deepEqual(await ids('&filters[versionable_type]=Production'), [p.id]);
    assert.deepEqual(await ids('&filters[versionable_type]=ProductionEnvironment'), [p.id]);
    // Both environments: by version (the promoted copy keeps number 2), or newest first by created_at.
    assert.equal((await ids('')).length, 3);
    assert.deepEqual(await ids('&sort=-created_at'), [p.id, b.id, a.id]);
    assert.deepEqual(await ids('&sort=version&filters[versionable_type]=Sandbox'), [a.id, b.id]);
    assert.deepEqual(await ids('&filters[state]=confidential&filters[versionable_type]=Production'), [p.id]);

    const page = await list(app.owner, app.id, '&filters[versionable_type]=Sandbox&per_page=1');
    assert.equal(page.headers.total, '2');
    assert.equal(page.headers['per-page'], '1');
    assert.match(String(page.headers.link), /rel="next"/);
    const next = /<([^>]+)>; rel="next"/.exec(String(page.headers.link))![1]!;
    assert.deepEqual(
      (await app.owner.get(next)).json().map((m: { id: string }) => m.id),
      [a.id],
    );

    const bad = await app.owner.get(`/api/v1/manifests?filters[developer_app_id]=${app.id}&sort=-name`);
    assert.equal(bad.statusCode, 422);
    assert.equal((await app.owner.get('/api/v1/manifests')).statusCode, 422);
  });

  test('promotable and header status follow the newest versions (spec developer-apps §4)', async () => {
    const app = await manifestApp(t);
    assert.equal(await header(app.owner, app.id), 'Draft');
    const v1 = await createVersion(app.owner, app.id, 'Sandbox', '0.9.0');
    assert.equal(await header(app.owner, app.id), 'Ready for Testing');
    await promoteVersion(app.owner, v1.id);
    assert.equal(await header(app.owner, app.id), 'Promoted');
    const [sandbox] = (await list(app.owner, app.id, '&filters[versionable_type]=Sandbox')).json();
    assert.equal(sandbox.promotable, false);
    const v2 = await createVersion(app.owner, app.id, 'Sandbox', '0.10.0');
    assert.equal((await app.owner.get(`/api/v1/app_versioned_manifests/${v2.id}`)).json().promotable, true);
    assert.equal(await header(app.owner, app.id), 'Ready for Testing');
  });
});

describe('promotion', () => {
  test('copies the version to production with its release notes; only newer versions, once', async () => {
    const app = await manifestApp(t);
    const old = await createVersion(app.owner, app.id, 'Sandbox', '0.1.0');
    const source = await createVersion(app.owner, app.id, 'Sandbox', '0.2.0');
    const promote = (id: string, changelog: string | null = 'Faster sync') =>
      app.owner.post('/api/v1/app_version_promotions', {
        app_version_promotion: { source_app_version_id: id, changelog },
      });
    for (const missing of [null, '', '   ']) {
      const res = await promote(source.id, missing);
      assert.equal(res.statusCode, 422);
      assert.deepEqual(res.json().fields['app_version_promotion.changelog'], [
        'Release notes are required to promote a version',
      ]);
    }
    const res = await promote(source.id, '  Faster sync\nand fixes  ');
    assert.equal(res.statusCode, 201, res.body);
    const production = res.json();
    const sourceFull = (await app.owner.get(`/api/v1/app_versioned_manifests/${source.id}`)).json();
    assert.deepEqual(
      [production.environment, production.version, production.semantic_version, production.state],
      ['Production', 2, '0.2.0', 'confidential'],
    );
    assert.equal(production.changelog, 'Faster sync\nand fixes');
    assert.equal(production.source_app_version_id, source.id);
    assert.deepEqual([production.submittable, production.promotable], [true, false]);
    assert.notEqual(production.app_version_key, sourceFull.app_version_key);
    assert.deepEqual(production.content, sourceFull.content);
    assert.equal(sourceFull.promotable, false);

    const again = await promote(source.id);
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().message, 'This version has already been promoted to production');
    const older = await promote(old.id);
    assert.equal(older.statusCode, 409);
    assert.equal(
      older.json().message,
      'Only a sandbox version newer than the newest production version (0.2.0) can be promoted',
    );
    const fromProduction = await promote(production.id);
    assert.equal(fromProduction.statusCode, 409);
    assert.equal(fromProduction.json().message, 'Only sandbox versions can be promoted to production');
    assert.equal((await promote('00000000-0000-4000-8000-000000000000')).statusCode, 404);
  });
});

describe('roles (the collaborator matrix: Create, Modify and Publish Manifests is owner and admin)', () => {
  test('owner and app admins create and promote; developers only view; strangers see nothing', async () => {
    const team = await manifestTeam(t);
    const stranger = await t.asNewUser();
    const v1 = await createVersion(team.appAdmin.client, team.id, 'Sandbox', '0.1.0');
    for (const client of [team.owner, team.appAdmin.client, team.developer.client]) {
      assert.equal((await list(client, team.id)).json().length, 1);
      assert.equal((await client.get(`/api/v1/app_versioned_manifests/${v1.id}`)).statusCode, 200);
    }
    const denied = await team.developer.client.post(
      '/api/v1/app_versions',
      versionBody(team.id, 'Sandbox', '0.2.0'),
    );
    assert.equal(denied.statusCode, 403);
    assert.equal(denied.json().message, MODIFY_DENIED);
    const promoteAs = (client: TestClient) =>
      client.post('/api/v1/app_version_promotions', {
        app_version_promotion: { source_app_version_id: v1.id, changelog: 'Notes' },
      });
    assert.equal((await promoteAs(team.developer.client)).statusCode, 403);
    assert.equal((await promoteAs(stranger.client)).statusCode, 404);
    assert.equal((await stranger.client.get(`/api/v1/app_versioned_manifests/${v1.id}`)).statusCode, 404);
    assert.equal(
      (await stranger.client.get(`/api/v1/manifests?filters[developer_app_id]=${team.id}`)).statusCode,
      404,
    );
    assert.equal(
      (await stranger.client.post('/api/v1/app_versions', versionBody(team.id, 'Sandbox', '0.2.0')))
        .statusCode,
      404,
    );
    assert.equal((await promoteAs(team.appAdmin.client)).statusCode, 201);
  });

  test('platform staff read any app’s manifests, create from the admin page and promote through the admin call', async () => {
    const app = await manifestApp(t);
    const staff = await t.asNewUser({ role: 'admin', name: 'Pat Platform' });
    const v1 = await createVersion(staff.client, app.id, 'Sandbox', '0.1.0');
    assert.equal((await list(staff.client, app.id)).json()[0].created_by.name, 'Pat Platform');
    const body = { app_version_promotion: { source_app_version_id: v1.id } };
    assert.equal((await staff.client.post('/api/v1/app_version_promotions', body)).statusCode, 404);
    assert.equal((await app.owner.post('/api/v1/admin/app_version_promotions', body)).statusCode, 403);
    const res = await staff.client.post('/api/v1/admin/app_version_promotions', body);
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual([res.json().environment, res.json().changelog], ['Production', null]);
    // Both staff writes go on the app's history; the owner's own version does not.
    await createVersion(app.owner, app.id, 'Sandbox', '0.2.0');
    const notes = { app_version_promotion: { source_app_version_id: v1.id, changelog: 'Side panel' } };
    const v3 = await createVersion(staff.client, app.id, 'Sandbox', '0.3.0');
    assert.equal(
      (
        await staff.client.post('/api/v1/admin/app_version_promotions', {
          app_version_promotion: { ...notes.app_version_promotion, source_app_version_id: v3.id },
        })
      ).statusCode,
      201,
    );
    const history = (await staff.client.get(`/api/v1/admin/audit?filters[subject_id]=${app.id}`)).json();
    assert.deepEqual(
      history
        .map((event: { action: string; actor_email: string; before: unknown; after: unknown }) => [
          event.action,
          event.actor_email,
          event.before,
          event.after,
        ])
        .sort((a: string[], b: string[]) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
      [
        [
          'developer_app.manifest_create',
          staff.user.email,
          { 'sandbox manifest 0.1.0': null },
          { 'sandbox manifest 0.1.0': 'confidential' },
        ],
        [
          'developer_app.manifest_create',
          staff.user.email,
          { 'sandbox manifest 0.3.0': null },
          { 'sandbox manifest 0.3.0': 'confidential' },
        ],
        [
          'developer_app.manifest_promote',
          staff.user.email,
          { 'production manifest 0.1.0': null },
          { 'production manifest 0.1.0': 'confidential' },
        ],
        [
          'developer_app.manifest_promote',
          staff.user.email,
          { 'production manifest 0.3.0': null, release_notes: null },
          { 'production manifest 0.3.0': 'confidential', release_notes: 'Side panel' },
        ],
      ],
    );
  });

  test('a deleted app’s manifests are gone', async () => {
    const app = await manifestApp(t);
    const v1 = await createVersion(app.owner, app.id, 'Sandbox', '0.1.0');
    assert.equal((await app.owner.delete(`/api/v1/developer_apps/${app.id}`)).statusCode, 204);
    assert.equal((await app.owner.get(`/api/v1/app_versioned_manifests/${v1.id}`)).statusCode, 404);
    assert.equal(
      (await app.owner.get(`/api/v1/manifests?filters[developer_app_id]=${app.id}`)).statusCode,
      404,
    );
  });
});

describe('Idempotency-Key on the creating POSTs', () => {
  test('a retry replays the first answer and creates nothing more; a different body with the key is refused', async () => {
    const app = await manifestApp(t);
    const send = (body: object, key: string, url = '/api/v1/app_versions') =>
      app.owner.request({ method: 'POST', url, payload: body, headers: { 'idempotency-key': key } });
    const body = versionBody(app.id, 'Sandbox', '0.1.0');
    const first = await send(body, 'create-1');
    const retry = await send(body, 'create-1');
    assert.equal(first.statusCode, 201);
    assert.equal(retry.statusCode, 201);
    assert.equal(retry.headers['idempotent-replayed'], 'true');
    assert.equal(retry.json().id, first.json().id);
    assert.equal((await list(app.owner, app.id)).json().length, 1);
    const other = await send(versionBody(app.id, 'Sandbox', '0.2.0'), 'create-1');
    assert.equal(other.statusCode, 422);
    assert.ok(other.json().fields['idempotency-key']);

    const promotion = {
      app_version_promotion: { source_app_version_id: first.json().id, changelog: 'Notes' },
    };
    const promoted = await send(promotion, 'promote-1', '/api/v1/app_version_promotions');
    const replayed = await send(promotion, 'promote-1', '/api/v1/app_version_promotions');
    assert.equal(promoted.statusCode, 201);
    assert.equal(replayed.headers['idempotent-replayed'], 'true');
    assert.equal(replayed.json().id, promoted.json().id);

    const versioned = {
      developer_app_id: app.id,
      environment_type: 'Sandbox',
      manifest: { content: EXAMPLE_MANIFEST_4_1 },
      semantic_version: '0.3.0',
    };
    const created = await send(versioned, 'versioned-1', '/api/v1/app_versioned_manifests');
    const again = await send(versioned, 'versioned-1', '/api/v1/app_versioned_manifests');
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.json().manifest.id, created.json().manifest.id);
    assert.equal((await list(app.owner, app.id)).json().length, 3);
  });
});
