import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  componentUrlError,
  hasOauthComponent,
  hasServiceAccount,
  mergeSnippet,
  permissionError,
  readPermissions,
  unknownUrlVariables,
  urlVariables,
  writePermissions,
} from './manifest-editor.ts';
import { MANIFEST_MESSAGES } from './manifest-messages.ts';
import { schemaFamily } from './manifest-schemas.ts';

describe('component URLs', () => {
  test('HTTPS with a host, or plain HTTP to localhost only', () => {
    for (const ok of [
      'https://app.example.com/embed',
      'https://app.example.com/c/{{procore.company.id}}?p={{ project_key }}',
      'http://localhost:3000/embed',
      'http://localhost/embed',
    ])
      assert.equal(componentUrlError(ok), null, ok);
    assert.equal(componentUrlError('http://app.example.com/embed'), MANIFEST_MESSAGES.componentUrlHttps);
    assert.equal(componentUrlError('http://127.0.0.1/embed'), MANIFEST_MESSAGES.componentUrlHttps);
    assert.equal(componentUrlError('ftp://example.com/x'), MANIFEST_MESSAGES.componentUrlHttps);
    assert.equal(componentUrlError('not a url'), 'A valid URL is required');
    assert.equal(componentUrlError(''), 'A valid URL is required');
  });

  test('variables are built-ins or the parameter keys', () => {
    const url =
      'https://x.example.com/{{procore.project.id}}/{{ region }}?c={{procore.company.name}}&t={{token}}';
    assert.deepEqual(urlVariables(url), ['procore.project.id', 'region', 'procore.company.name', 'token']);
    assert.deepEqual(unknownUrlVariables(url, ['region']), ['token']);
    assert.deepEqual(unknownUrlVariables(url, ['region', 'token']), []);
    assert.deepEqual(unknownUrlVariables('https://x.example.com/{{procore.user.id}}', []), [
      'procore.user.id',
    ]);
  });
});

describe('editor helpers', () => {
  test('schema families', () => {
    assert.equal(schemaFamily('3'), '3');
    assert.equal(schemaFamily('3.2'), '3');
    assert.equal(schemaFamily('4.1'), '4.1');
    assert.equal(schemaFamily('4'), null);
    assert.equal(schemaFamily(3), null);
  });

  test('snippets merge objects, append arrays and replace values without changing the draft', () => {
    const draft = {
      schema_version: '3',
      components: { oauth: { instances: [{ grant_type: 'client_credentials' }] } },
    };
    const snippet = {
      schema_version: '3.2',
      components: { iframe: { instances: [{ name: 'Panel' }] }, oauth: { instances: [{ grant_type: 'x' }] } },
    };
    const merged = mergeSnippet(draft, snippet);
    assert.deepEqual(merged, {
      schema_version: '3.2',
      components: {
        oauth: { instances: [{ grant_type: 'client_credentials' }, { grant_type: 'x' }] },
        iframe: { instances: [{ name: 'Panel' }] },
      },
    });
    assert.equal(draft.schema_version, '3');
    assert.equal(draft.components.oauth.instances.length, 1);
    (merged.components as { iframe: { instances: unknown[] } }).iframe.instances.push(1);
    assert.equal(snippet.components.iframe.instances.length, 1);
  });

  test('permissions read and write for the builder', () => {
    assert.deepEqual(readPermissions({ schema_version: '4.1' }), { company: {}, project: {} });
    assert.deepEqual(readPermissions({ permissions: { company: { admin: 'admin' } } }), {
      company: { admin: 'admin' },
      project: {},
    });
    for (const bad of [
      null,
      [],
      { permissions: [] },
      { permissions: { company: 'admin' } },
      { permissions: { project: { rfi: 'owner' } } },
    ])
      assert.equal(readPermissions(bad), null, JSON.stringify(bad));
    assert.deepEqual(
      writePermissions(
        { schema_version: '4.1' },
        { company: { admin: 'admin', home: 'none' }, project: { rfi: 'readonly' } },
      ),
      { schema_version: '4.1', permissions: { company: { admin: 'admin' }, project: { rfi: 'readonly' } } },
    );
  });

  test('permission errors: unknown tools and disabled levels', () => {
    for (const [scope, tool, level, expected] of [
      ['project', 'budgeting', 'standard', null],
      ['company', 'admin', 'admin', null],
      ['company', 'admin', 'readonly', 'The Admin company tool cannot be set to readonly'],
      ['company', 'concierge', 'readonly', 'The Concierge company tool cannot be set to readonly'],
      ['company', 'budgeting', 'admin', 'budgeting is not a known company tool'],
    ] as const)
      assert.equal(permissionError(scope, tool, level), expected, `${scope} ${tool} ${level}`);
  });

  test('the permission builder needs a service account in schema 3; 4.1 always has one', () => {
    assert.equal(hasServiceAccount({ schema_version: '4.1' }), true);
    assert.equal(
      hasServiceAccount({
        schema_version: '3',
        components: { oauth: { instances: [{ grant_type: 'client_credentials' }] } },
      }),
      true,
    );
    assert.equal(
      hasServiceAccount({
        schema_version: '3',
        components: { oauth: { instances: [{ grant_type: 'authorization_code' }] } },
      }),
      false,
    );
    assert.equal(hasServiceAccount({ schema_version: '3', components: {} }), false);
    assert.equal(hasServiceAccount('{}'), false);
  });

  test("an OAuth component (the 'sandbox manifest created' notice, spec developer-apps §4)", () => {
    const oauth = (grant_type: string) => ({
      schema_version: '3',
      components: { oauth: { instances: [{ grant_type }] } },
    });
    assert.equal(hasOauthComponent(oauth('client_credentials')), true);
    assert.equal(hasOauthComponent(oauth('authorization_code')), true);
    assert.equal(hasOauthComponent({ schema_version: '3', components: { oauth: { instances: [] } } }), false);
    assert.equal(hasOauthComponent({ schema_version: '3', components: {} }), false);
    // 4.1: the data connection is the permissions block, even before a tool is chosen.
    assert.equal(
      hasOauthComponent({ schema_version: '4.1', permissions: { company: {}, project: {} } }),
      true,
    );
    assert.equal(
      hasOauthComponent({ schema_version: '4.1', fullscreen: { source_url: 'https://example.com' } }),
      false,
    );
    // Form-based: oauth enabled, or some tool above none.
    const written = { schema_version: '4.1', permissions: { company: {}, project: {} } };
    assert.equal(hasOauthComponent(written, { oauth: { enabled: true } }), true);
    assert.equal(hasOauthComponent(written, { permissions: { company: { directory: 'readonly' } } }), true);
    assert.equal(
      hasOauthComponent(written, { fullscreen: {}, permissions: { company: { directory: 'none' } } }),
      false,
    );
    assert.equal(hasOauthComponent('{}'), false);
  });
});
