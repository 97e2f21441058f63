import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MANIFEST_MESSAGES, mergeSnippet } from '@portal/contracts';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { EXAMPLE_MANIFEST_3, EXAMPLE_MANIFEST_4_1 } from './manifest-examples.ts';
import { manifestApp } from './testing.ts';

let t: TestApp;
let owner: TestClient;
let appId: string;
before(async () => {
  t = await createTestApp({ sandboxProvisionSeconds: 0 });
  const app = await manifestApp(t);
  owner = app.owner;
  appId = app.id;
});
after(() => t.close());

type Violation = { pointer: string; message: string };

async function violations(content: unknown, client = owner): Promise<Violation[]> {
  const res = await client.post(
    `/api/v1/manifest_validations?developer_app_id=${appId}&environment_type=Sandbox`,
    {
      manifest: { content },
    },
  );
  assert.equal(res.statusCode, 200, res.body);
  return res.json().errors;
}

const copy = <T>(value: T): T => structuredClone(value);

describe('examples, templates and snippets', () => {
  test('both example manifests of the reference data validate', async () => {
    assert.deepEqual(await violations(EXAMPLE_MANIFEST_3), []);
    assert.deepEqual(await violations(EXAMPLE_MANIFEST_4_1), []);
  });

  test('the templates are keyed "3" and "4.1" and each validates', async () => {
    const res = await owner.get('/api/v1/manifest_templates');
    assert.equal(res.statusCode, 200);
    const templates = res.json();
    assert.deepEqual(Object.keys(templates), ['3', '4.1']);
    assert.deepEqual(Object.keys(templates['4.1']), ['schema_version', 'post_installation_instruction']);
    for (const template of Object.values(templates)) assert.deepEqual(await violations(template), []);
  });

  test('every snippet validates, whole (3 without a manifest) or merged into the template', async () => {
    const templates = (await owner.get('/api/v1/manifest_templates')).json();
    for (const [version, existing] of [
      ['3', 'false'],
      ['3', 'true'],
      ['4.1', 'false'],
      ['4.1', 'true'],
    ] as const) {
      const res = await owner.get(
        `/api/v1/manifest_templates/${version}/snippets?has_existing_manifest=${existing}`,
      );
      assert.equal(res.statusCode, 200, res.body);
      const snippets = res.json();
      assert.deepEqual(Object.keys(snippets), ['oauth', 'iframe', 'fullscreen', 'sidepanel']);
      for (const [name, snippet] of Object.entries(snippets) as Array<[string, { content: object }]>) {
        const whole = version === '3' && existing === 'false';
        const draft = whole ? snippet.content : mergeSnippet(templates[version], snippet.content as never);
        assert.deepEqual(await violations(draft), [], `${version} ${existing} ${name}`);
        if (whole)
          assert.equal((snippet.content as { schema_version: string }).schema_version.startsWith('3'), true);
      }
    }
    // Fragments for an existing manifest carry only the component (and 3.2 for a side panel).
    const fragments = (
      await owner.get('/api/v1/manifest_templates/3/snippets?has_existing_manifest=true')
    ).json();
    assert.deepEqual(Object.keys(fragments.oauth.content), ['components']);
    assert.equal(fragments.sidepanel.content.schema_version, '3.2');
    assert.equal((await owner.get('/api/v1/manifest_templates/5/snippets')).statusCode, 404);
  });
});

describe('the JSON Schemas answer with a pointer per problem', () => {
  test('schema_version decides the schema', async () => {
    assert.deepEqual(await violations({ components: {} }), [
      { pointer: '/schema_version', message: 'schema_version is required' },
    ]);
    assert.deepEqual(await violations({ schema_version: '5' }), [
      { pointer: '/schema_version', message: 'schema_version must be "3" (or 3.x) or "4.1"' },
    ]);
    assert.deepEqual(await violations({ schema_version: 4.1 }), [
      { pointer: '/schema_version', message: 'schema_version must be "3" (or 3.x) or "4.1"' },
    ]);
  });

  test('schema 3: required parts, unknown keys, wrong types and values', async () => {
    assert.deepEqual(await violations({ schema_version: '3' }), [
      { pointer: '/components', message: 'components is required' },
    ]);
    const bad = copy(EXAMPLE_MANIFEST_3) as Record<string, unknown> & typeof EXAMPLE_MANIFEST_3;
    delete (bad.components.iframe.instances[0] as { iframe_src?: string }).iframe_src;
    delete (bad.components.iframe.instances[1] as { views?: string[] }).views;
    (bad.components.oauth.instances[0] as { grant_type: string }).grant_type = 'password';
    (bad.components.iframe.instances[0] as { required: unknown }).required = 'yes';
    bad.extra = true;
    assert.deepEqual(await violations(bad), [
      { pointer: '/extra', message: 'extra is not allowed here' },
      {
        pointer: '/components/oauth/instances/0/grant_type',
        message: 'must be one of: authorization_code, client_credentials',
      },
      { pointer: '/components/iframe/instances/0/iframe_src', message: 'iframe_src is required' },
      { pointer: '/components/iframe/instances/0/required', message: 'must be a boolean' },
      { pointer: '/components/iframe/instances/1/views', message: 'views is required' },
    ]);
  });

  test('schema 4.1: shapes of components, permissions and instructions', async () => {
    const bad = copy(EXAMPLE_MANIFEST_4_1) as Record<string, unknown> & typeof EXAMPLE_MANIFEST_4_1;
    bad.sidepanel.views = [];
    (bad.fullscreen as Record<string, unknown>).views = ['rfi.detail'];
    (bad.permissions.project as Record<string, string>).rfi = 'owner';
    (bad.post_installation_instruction.page as { label?: string }).label = undefined;
    bad.components = {};
    assert.deepEqual(await violations(JSON.parse(JSON.stringify(bad))), [
      { pointer: '/components', message: 'components is not allowed here' },
      { pointer: '/fullscreen/views', message: 'views is not allowed here' },
      { pointer: '/sidepanel/views', message: 'must list at least one item' },
      { pointer: '/permissions/project/rfi', message: 'must be one of: none, readonly, standard, admin' },
      { pointer: '/post_installation_instruction/page/label', message: 'label is required' },
    ]);
    assert.deepEqual(await violations({ schema_version: '4.1', fullscreen: { source_url: '', uuid: 'x' } }), [
      { pointer: '/fullscreen/uuid', message: 'must be a UUID' },
      { pointer: '/fullscreen/source_url', message: 'must not be empty' },
    ]);
  });
});

describe('semantic rules reject their bad case with a pointer', () => {
  test('at most one oauth instance', async () => {
    const bad = copy(EXAMPLE_MANIFEST_3);
    bad.components.oauth.instances.push({ grant_type: 'authorization_code' });
    assert.deepEqual(await violations(bad), [
      { pointer: '/components/oauth/instances/1', message: 'A manifest can have at most one oauth instance' },
    ]);
  });

  test('side panel views must be known keys; .all expands to a known prefix', async () => {
    const bad = copy(EXAMPLE_MANIFEST_4_1);
    bad.sidepanel.views = ['budgeting.all', 'rfi.list', 'rfis.all', 'observations.list'];
    assert.deepEqual(await violations(bad), [
      { pointer: '/sidepanel/views/1', message: 'rfi.list is not a known side panel view' },
      { pointer: '/sidepanel/views/2', message: 'rfis.all is not a known side panel view' },
    ]);
    const v3 = copy(EXAMPLE_MANIFEST_3);
    v3.components.iframe.instances[1]!.views = ['rfi.detail', 'budget.list'];
    assert.deepEqual(await violations(v3), [
      {
        pointer: '/components/iframe/instances/1/views/1',
        message: 'budget.list is not a known side panel view',
      },
    ]);
  });

  test('a side panel in schema 3 needs schema_version "3.2"', async () => {
    const bad = { ...copy(EXAMPLE_MANIFEST_3), schema_version: '3' };
    assert.deepEqual(await violations(bad), [
      { pointer: '/schema_version', message: 'Side panels need schema_version "3.2"' },
    ]);
  });

  test('component URLs use HTTPS; plain HTTP only for localhost', async () => {
    const bad = copy(EXAMPLE_MANIFEST_4_1);
    bad.fullscreen.source_url = 'http://punchlist.example.com/import?company={{procore.company.id}}';
    bad.sidepanel.source_url = 'http://localhost:4000/panel?project={{procore.project.id}}';
    assert.deepEqual(await violations(bad), [
      { pointer: '/fullscreen/source_url', message: MANIFEST_MESSAGES.componentUrlHttps },
    ]);
    const v3 = copy(EXAMPLE_MANIFEST_3);
    v3.components.iframe.instances[0]!.iframe_src = 'fieldsync.example.com/dashboard';
    assert.deepEqual(await violations(v3), [
      { pointer: '/components/iframe/instances/0/iframe_src', message: 'A valid URL is required' },
    ]);
  });

  test('{{...}} variables are built-ins or the component’s own parameter keys', async () => {
    const bad = copy(EXAMPLE_MANIFEST_3);
    // `region` is a parameter of the first component only.
    bad.components.iframe.instances[1]!.iframe_src =
      'https://fieldsync.example.com/panel?r={{region}}&u={{procore.user.id}}';
    assert.deepEqual(await violations(bad), [
      {
        pointer: '/components/iframe/instances/1/iframe_src',
        message: "{{region}} is neither a built-in variable nor one of this component's parameter keys",
      },
      {
        pointer: '/components/iframe/instances/1/iframe_src',
        message:
          "{{procore.user.id}} is neither a built-in variable nor one of this component's parameter keys",
      },
    ]);
    const v41 = copy(EXAMPLE_MANIFEST_4_1);
    v41.fullscreen.source_url = 'https://punchlist.example.com/{{ team }}/{{procore.project.name}}';
    assert.deepEqual(await violations(v41), []);
  });

  test('permissions only for known tools at levels the tool allows', async () => {
    const bad = {
      ...copy(EXAMPLE_MANIFEST_4_1),
      permissions: {
        company: { admin: 'readonly', concierge: 'readonly', app_management: 'admin' },
        project: { budget: 'standard', 'a/b': 'none' },
      },
    };
    assert.deepEqual(await violations(bad), [
      { pointer: '/permissions/company/admin', message: 'The Admin company tool cannot be set to readonly' },
      {
        pointer: '/permissions/company/concierge',
        message: 'The Concierge company tool cannot be set to readonly',
      },
      { pointer: '/permissions/project/budget', message: 'budget is not a known project tool' },
      { pointer: '/permissions/project/a~1b', message: 'a/b is not a known project tool' },
    ]);
  });
});

describe('the validation call', () => {
  test('people on the app and platform staff may validate; strangers do not learn the app exists', async () => {
    const stranger = await t.asNewUser();
    const res = await stranger.client.post(
      `/api/v1/manifest_validations?developer_app_id=${appId}&environment_type=Production`,
      { manifest: { content: EXAMPLE_MANIFEST_4_1 } },
    );
    assert.equal(res.statusCode, 404);
    const staff = await t.asNewUser({ role: 'admin' });
    assert.deepEqual(await violations(EXAMPLE_MANIFEST_4_1, staff.client), []);
  });

  test('a manifest that is not an object, or a missing environment, is refused at its field', async () => {
    const url = `/api/v1/manifest_validations?developer_app_id=${appId}`;
    const noEnvironment = await owner.post(url, { manifest: { content: {} } });
    assert.equal(noEnvironment.statusCode, 422);
    assert.ok(noEnvironment.json().fields.environment_type);
    const notObject = await owner.post(`${url}&environment_type=Sandbox`, {
      manifest: { content: '{"a":1}' },
    });
    assert.equal(notObject.statusCode, 422);
    assert.deepEqual(notObject.json().fields['manifest.content'], ['The manifest must be a JSON object']);
    const wrongEnvironment = await owner.post(`${url}&environment_type=Staging`, {
      manifest: { content: {} },
    });
    assert.deepEqual(wrongEnvironment.json().fields.environment_type, [
      'Environment type must be Sandbox or Production',
    ]);
  });
});
