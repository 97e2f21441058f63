import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  availableComponentTypes,
  CONFIG_BUILDER_MESSAGES,
  type Configured,
  type ConfiguredComponent,
  cleanInstruction,
  componentErrors,
  configuredSaveError,
  configuredToManifest,
  draftToComponent,
  expandViewSelections,
  groupState,
  instructionErrors,
  isValidComponentUrl,
  manifestToConfigured,
  migrateToSchema41,
  normalizeConfigured,
  type Parameter,
  parameterError,
  parametersToUserConfiguration,
  schema3HasAuthCode,
  toggleGroup,
  userConfigurationToParameters,
  viewGroups,
} from './configured-manifest.ts';
import { PERMISSION_LEVEL_NAMES, SIDEPANEL_VIEWS } from './manifest-catalog.ts';
import { MANIFEST_MESSAGES } from './manifest-rules.ts';

// ---------------------------------------------------------------------------------------------
// Generators

const word = fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/);
const sentence = fc
  .string({ minLength: 1, maxLength: 30 })
  .filter((value) => value.trim() === value && !!value);
const url = word.map((host) => `https://${host}.example.com/app`);
const parameters = fc.uniqueArray(
  fc
    .record({ key: word, name: sentence, description: sentence, required: fc.boolean() })
    .map((parameter): Parameter => ({ ...parameter })),
  { selector: (parameter) => parameter.key, maxLength: 4 },
);
const component = (withViews: boolean) =>
  fc
    .record({
      source_url: url,
      views: fc.uniqueArray(fc.constantFrom(...SIDEPANEL_VIEWS), { minLength: 1, maxLength: 5 }),
      description: fc.option(sentence, { nil: undefined }),
      parameters,
    })
    .map(({ source_url, views, description, parameters }) => {
      const out: ConfiguredComponent = { source_url };
      if (withViews) out.views = views;
      if (description) out.description = description;
      const userConfiguration = parametersToUserConfiguration(parameters);
      if (userConfiguration) out.user_configuration = userConfiguration;
      return out;
    });
const levelMap = fc.dictionary(word, fc.constantFrom(...PERMISSION_LEVEL_NAMES.filter((l) => l !== 'none')), {
  maxKeys: 4,
});
const configured: fc.Arbitrary<Configured> = fc
  .record(
    {
      sidepanel: component(true),
      fullscreen: component(false),
      permissions: fc.record({ company: levelMap, project: levelMap }),
      oauth: fc.record({ enabled: fc.boolean() }),
      post_installation_instruction: fc.record({
        notes: sentence,
        page: fc.record({ label: sentence, url }),
      }),
    },
    { requiredKeys: ['permissions', 'oauth'] },
  )
  .map((value) => JSON.parse(JSON.stringify(value)) as Configured);

describe('configured ↔ schema 4.1 mapping', () => {
  test('configured → manifest → configured is the identity (property)', () => {
    fc.assert(
      fc.property(configured, (value) => {
        const manifest = configuredToManifest(value);
        const read = manifestToConfigured(manifest, { authCodeCapable: value.oauth?.enabled === true });
        assert.ok(read.ok);
        assert.deepEqual(read.configured, value);
      }),
    );
  });

  test('manifest → configured → manifest is the identity for 4.1 content (property)', () => {
    fc.assert(
      fc.property(configured, fc.boolean(), (value, authCode) => {
        const manifest = configuredToManifest(value);
        const read = manifestToConfigured(manifest, { authCodeCapable: authCode });
        assert.ok(read.ok);
        assert.deepEqual(configuredToManifest(read.configured), manifest);
        assert.deepEqual(normalizeConfigured(read.configured), read.configured);
      }),
    );
  });

  test('the manifest is schema 4.1 with permissions always present and views only on the side panel', () => {
    const manifest = configuredToManifest({
      fullscreen: { source_url: 'https://a.example.com', views: ['rfi.detail'] },
      permissions: { company: { budget: 'admin', rfi: 'none' }, project: {} },
      oauth: { enabled: true },
    });
    assert.deepEqual(manifest, {
      schema_version: '4.1',
      fullscreen: { source_url: 'https://a.example.com' },
      permissions: { company: { budget: 'admin' }, project: {} },
    });
  });

  test('a side panel with a required parameter and instructions maps to the expected JSON', () => {
    const manifest = configuredToManifest({
      sidepanel: {
        source_url: 'https://panel.example.com/{{company_key}}',
        views: ['rfi.detail', 'observations.list'],
        user_configuration: parametersToUserConfiguration([
          { key: 'company_key', name: 'Company key', description: 'Your key', required: true },
          { key: 'region', name: 'Region', description: 'Where', required: false },
        ]),
      },
      post_installation_instruction: {
        notes: 'Do it',
        page: { label: 'Setup', url: 'https://x.example.com' },
      },
    });
    assert.deepEqual(manifest, {
      schema_version: '4.1',
      sidepanel: {
        source_url: 'https://panel.example.com/{{company_key}}',
        views: ['rfi.detail', 'observations.list'],
        user_configuration: {
          schema: {
            type: 'object',
            properties: {
              company_key: { name: 'Company key', description: 'Your key', type: 'string' },
              region: { name: 'Region', description: 'Where', type: 'string' },
            },
            required: ['company_key'],
          },
        },
      },
      permissions: { company: {}, project: {} },
      post_installation_instruction: {
        notes: 'Do it',
        page: { label: 'Setup', url: 'https://x.example.com' },
      },
    });
  });

  test('an incomplete instruction is not written into the manifest', () => {
    const manifest = configuredToManifest({ post_installation_instruction: { notes: 'only notes' } });
    assert.equal('post_installation_instruction' in manifest, false);
  });

  test('reading ignores the server-written uuid and app_manifest', () => {
    const read = manifestToConfigured(
      {
        schema_version: '4.1',
        app_manifest: { id: 'x', name: 'App' },
        fullscreen: { uuid: '00000000-0000-0000-0000-000000000000', source_url: 'https://a.example.com' },
        permissions: { company: {}, project: { rfi: 'readonly' } },
      },
      { authCodeCapable: false },
    );
    assert.deepEqual(read, {
      ok: true,
      configured: {
        fullscreen: { source_url: 'https://a.example.com' },
        permissions: { company: {}, project: { rfi: 'readonly' } },
        oauth: { enabled: false },
      },
    });
  });

  test('required keys beside the schema (the other shape) are read too', () => {
    assert.deepEqual(
      userConfigurationToParameters({
        schema: { properties: { a: { name: 'A', description: 'd', type: 'string' } } },
        required: ['a'],
      }),
      [{ key: 'a', name: 'A', description: 'd', required: true }],
    );
  });

  test('schema 3 cannot be expressed (App Not Updated); other content is unsupported', () => {
    assert.deepEqual(
      manifestToConfigured({ schema_version: '3', components: {} }, { authCodeCapable: false }),
      {
        ok: false,
        reason: 'schema_3',
      },
    );
    assert.deepEqual(manifestToConfigured({ schema_version: '3.2' }, { authCodeCapable: false }), {
      ok: false,
      reason: 'schema_3',
    });
    assert.deepEqual(manifestToConfigured({ schema_version: '5' }, { authCodeCapable: false }), {
      ok: false,
      reason: 'unsupported',
    });
    assert.deepEqual(manifestToConfigured([], { authCodeCapable: false }), {
      ok: false,
      reason: 'unsupported',
    });
  });
});

describe('migrating schema 3 to 4.1', () => {
  const v3 = {
    schema_version: '3',
    app_manifest: { id: 'm', name: 'App' },
    components: {
      oauth: { instances: [{ uuid: 'u', grant_type: 'authorization_code' }] },
      iframe: {
        instances: [
          {
            uuid: 'u1',
            name: 'Panel',
            type: 'sidepanel',
            views: ['rfi.detail'],
            iframe_src: 'https://panel.example.com',
            configuration: {
              schema: {
                type: 'object',
                properties: { k: { type: 'string', name: 'K', description: 'key' } },
                required: ['k'],
              },
            },
          },
          { name: 'Full', type: 'fullscreen', iframe_src: 'https://full.example.com' },
        ],
      },
    },
    permissions: { company: { budget: 'readonly' } },
    post_installation_instruction: { notes: 'n', page: { label: 'l', url: 'https://l.example.com' } },
  };

  test('iframe instances become the 4.1 components; permissions and instruction are kept', () => {
    const result = migrateToSchema41(v3);
    assert.ok(result.ok);
    assert.deepEqual(result.content, {
      schema_version: '4.1',
      sidepanel: {
        source_url: 'https://panel.example.com',
        views: ['rfi.detail'],
        user_configuration: {
          schema: {
            type: 'object',
            properties: { k: { name: 'K', description: 'key', type: 'string' } },
            required: ['k'],
          },
        },
      },
      fullscreen: { source_url: 'https://full.example.com' },
      permissions: { company: { budget: 'readonly' }, project: {} },
      post_installation_instruction: { notes: 'n', page: { label: 'l', url: 'https://l.example.com' } },
    });
    assert.ok(manifestToConfigured(result.content, { authCodeCapable: schema3HasAuthCode(v3) }).ok);
    assert.equal(schema3HasAuthCode(v3), true);
  });

  test('two components of one type cannot be expressed in 4.1', () => {
    const two = structuredClone(v3);
    two.components.iframe.instances[1]!.type = 'sidepanel';
    const result = migrateToSchema41(two);
    assert.equal(result.ok, false);
    assert.match(!result.ok ? result.message : '', /more than one sidepanel/);
  });

  test('only schema 3 migrates', () => {
    assert.equal(migrateToSchema41({ schema_version: '4.1' }).ok, false);
  });
});

describe('component rules', () => {
  const draft = {
    type: 'sidepanel' as const,
    source_url: 'https://a.example.com',
    views: ['rfi.detail'],
    parameters: [],
  };

  test('a valid draft has no errors', () => {
    assert.deepEqual(componentErrors(draft), {});
  });

  test('type is required', () => {
    assert.equal(componentErrors({ ...draft, type: '' }).type, CONFIG_BUILDER_MESSAGES.required);
  });

  test("'A valid URL is required': empty, unparseable and non-HTTPS URLs", () => {
    for (const bad of [
      '',
      '   ',
      'not a url',
      'http://example.com',
      'ftp://example.com',
      'javascript:alert(1)',
    ])
      assert.equal(componentErrors({ ...draft, source_url: bad }).source_url, 'A valid URL is required', bad);
  });

  test('HTTPS URLs (with {{variables}}) pass; http://localhost is the {host} exception', () => {
    for (const good of [
      'https://a.example.com',
      'https://a.example.com/{{procore.company.id}}?k={{key}}',
      'http://localhost:3000/panel',
    ])
      assert.equal(isValidComponentUrl(good), true, good);
  });

  test("a side panel needs a view ('At least one view is required'); fullscreen does not", () => {
    assert.equal(componentErrors({ ...draft, views: [] }).views, 'At least one view is required');
    assert.deepEqual(componentErrors({ ...draft, type: 'fullscreen', views: [] }), {});
  });

  test('views are dropped for fullscreen and .all selections expand', () => {
    assert.deepEqual(draftToComponent({ ...draft, type: 'fullscreen' }), {
      source_url: 'https://a.example.com',
    });
    assert.deepEqual(draftToComponent({ ...draft, views: ['change_events.all'] }).views, [
      'change_events.list',
      'change_events.new',
      'change_events.detail',
      'change_events.edit',
    ]);
  });

  test('each type at most once; the side panel is hidden in FedRAMP', () => {
    const withPanel: Configured = {
      sidepanel: { source_url: 'https://a.example.com', views: ['rfi.detail'] },
    };
    assert.deepEqual(availableComponentTypes({}, { fedramp: false }), ['fullscreen', 'sidepanel']);
    assert.deepEqual(availableComponentTypes(withPanel, { fedramp: false }), ['fullscreen']);
    assert.deepEqual(availableComponentTypes(withPanel, { fedramp: false, editing: 'sidepanel' }), [
      'fullscreen',
      'sidepanel',
    ]);
    assert.deepEqual(availableComponentTypes({}, { fedramp: true }), ['fullscreen']);
  });
});

describe('parameter rule', () => {
  const complete: Parameter = { key: 'k', name: 'N', description: 'D', required: false };

  test("key, name and description are all required ('Key, name, and description are required…')", () => {
    assert.equal(parameterError(complete, []), null);
    for (const field of ['key', 'name', 'description'] as const)
      assert.equal(
        parameterError({ ...complete, [field]: ' ' }, []),
        'Key, name, and description are required to add another parameter',
      );
  });

  test('a key can be used once per component', () => {
    assert.equal(parameterError(complete, [complete]), CONFIG_BUILDER_MESSAGES.parameterKeyTaken);
  });

  test('parameters ↔ user_configuration round-trip (property)', () => {
    fc.assert(
      fc.property(parameters, (list) => {
        assert.deepEqual(userConfigurationToParameters(parametersToUserConfiguration(list)), list);
      }),
    );
  });
});

describe('instruction rule', () => {
  test('all three fields or none', () => {
    assert.deepEqual(instructionErrors(undefined), {});
    assert.deepEqual(instructionErrors({ notes: '', page: { label: '', url: '' } }), {});
    assert.deepEqual(
      instructionErrors({ notes: 'n', page: { label: 'l', url: 'https://l.example.com' } }),
      {},
    );
    assert.deepEqual(instructionErrors({ notes: 'n' }), {
      form: 'All post installation instruction fields must be present',
      label: 'This field is required',
      url: 'This field is required',
    });
  });

  test('a given page URL must be valid', () => {
    assert.equal(
      instructionErrors({ notes: 'n', page: { label: 'l', url: 'http://x.example.com' } }).url,
      'A valid URL is required',
    );
  });

  test('empty strings remove the field', () => {
    assert.equal(cleanInstruction({ notes: ' ', page: { label: '', url: '' } }), undefined);
    assert.deepEqual(cleanInstruction({ notes: 'n', page: { label: '', url: 'https://u.example.com' } }), {
      notes: 'n',
      page: { url: 'https://u.example.com' },
    });
  });
});

describe('saving a version', () => {
  test("an empty form: 'At least one of fullscreen or sidepanel must be present', unless allow-empty", () => {
    assert.equal(configuredSaveError({}, { allowEmpty: false }), MANIFEST_MESSAGES.atLeastOneComponent);
    assert.equal(configuredSaveError({ oauth: { enabled: false } }, { allowEmpty: true }), null);
  });

  test('each of the six parts is enough on its own', () => {
    const parts: Configured[] = [
      { fullscreen: { source_url: 'https://a.example.com' } },
      { sidepanel: { source_url: 'https://a.example.com', views: ['rfi.detail'] } },
      { permissions: { company: {}, project: { rfi: 'readonly' } } },
      { permissions: { company: { rfi: 'readonly' }, project: {} } },
      { post_installation_instruction: { notes: 'n', page: { label: 'l', url: 'https://l.example.com' } } },
      { oauth: { enabled: true } },
    ];
    for (const part of parts) assert.equal(configuredSaveError(part, { allowEmpty: false }), null);
  });

  test("an invalid part: 'Please fill in the required fields below before creating a version.'", () => {
    assert.equal(
      configuredSaveError(
        {
          fullscreen: { source_url: 'https://a.example.com' },
          post_installation_instruction: { notes: 'x' },
        },
        { allowEmpty: false },
      ),
      'Please fill in the required fields below before creating a version.',
    );
    assert.equal(
      configuredSaveError(
        { sidepanel: { source_url: 'https://a.example.com', views: [] } },
        { allowEmpty: true },
      ),
      CONFIG_BUILDER_MESSAGES.invalidForm,
    );
  });
});

describe('view picker', () => {
  test('views are grouped by tool and filtered by search', () => {
    const groups = viewGroups();
    assert.equal(groups.flatMap((group) => group.views).length, SIDEPANEL_VIEWS.length);
    assert.deepEqual(
      viewGroups('rfi').map((group) => group.tool),
      ['rfi'],
    );
  });

  test('tri-state group checkbox', () => {
    const group = viewGroups().find((entry) => entry.tool === 'change_events')!;
    assert.equal(groupState(group, []), 'none');
    assert.equal(groupState(group, ['change_events.list']), 'some');
    const all = toggleGroup(group, ['change_events.list', 'rfi.detail']);
    assert.equal(groupState(group, all), 'all');
    assert.ok(all.includes('rfi.detail'));
    assert.deepEqual(toggleGroup(group, all), ['rfi.detail']);
  });

  test('a .all selection expands to all matching views; unknown keys are kept', () => {
    assert.deepEqual(expandViewSelections(['incidents.all', 'rfi.detail']), [
      'rfi.detail',
      'incidents.list',
      'incidents.new',
      'incidents.detail',
      'incidents.edit',
    ]);
  });
});
