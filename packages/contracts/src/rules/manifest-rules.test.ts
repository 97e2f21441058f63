import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  compareManifestVersions,
  compareSemanticVersions,
  componentUrlError,
  hasOauthComponent,
  hasServiceAccount,
  MANIFEST_MESSAGES,
  manifestHeaderStatus,
  mergeSnippet,
  nextSemanticVersion,
  parseSemanticVersion,
  permissionError,
  REVIEW_STATES,
  type ReviewActor,
  readPermissions,
  reviewActions,
  reviewTransition,
  schemaFamily,
  unknownUrlVariables,
  urlVariables,
  writePermissions,
} from './manifest-rules.ts';

describe('semantic versions', () => {
  test('parse major.minor.patch only, without leading zeros', () => {
    assert.deepEqual(parseSemanticVersion('1.20.3'), [1, 20, 3]);
    assert.deepEqual(parseSemanticVersion('0.0.0'), [0, 0, 0]);
    for (const bad of [
      '1.2',
      '1.2.3.4',
      'v1.2.3',
      '01.2.3',
      '1.2.x',
      ' 1.2.3',
      '1.2.3-beta',
      '',
      null,
      undefined,
    ])
      assert.equal(parseSemanticVersion(bad), null, String(bad));
  });

  test('compare numerically per segment: 0.10.0 is above 0.9.0', () => {
    assert.equal(compareSemanticVersions('0.10.0', '0.9.0'), 1);
    assert.equal(compareSemanticVersions('1.0.0', '0.99.99'), 1);
    assert.equal(compareSemanticVersions('1.2.3', '1.2.3'), 0);
    assert.equal(compareSemanticVersions('1.2.3', '1.2.10'), -1);
    // Something that is not a semantic version sorts below every one that is.
    assert.equal(compareSemanticVersions('nope', '0.0.1'), -1);
    assert.equal(compareSemanticVersions('0.0.1', null), 1);
    assert.equal(compareSemanticVersions(null, 'nope'), 0);
  });

  test("why the spec's helper (segments compared as strings) is not used for ordering", () => {
    // Spec admin §5 names a helper that compares version segments as strings. As strings, "10" < "9",
    // so 0.10.0 would sort below 0.9.0 and a newer sandbox version would look older than production:
    // the header would say Unknown State instead of Ready for Testing, and Promote would be hidden.
    const asStrings = (a: string, b: string) => {
      const [x, y] = [a.split('.'), b.split('.')];
      for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
      return 0;
    };
    assert.equal(asStrings('0.10.0', '0.9.0'), -1);
    assert.equal(compareSemanticVersions('0.10.0', '0.9.0'), 1);
    const sorted = ['0.9.0', '0.10.0', '0.2.0'].sort(compareSemanticVersions);
    assert.deepEqual(sorted, ['0.2.0', '0.9.0', '0.10.0']);
  });

  test('the suggestion is the last version with minor + 1, else 0.1.0, and above the published one', () => {
    assert.equal(nextSemanticVersion(), '0.1.0');
    assert.equal(nextSemanticVersion(null, null), '0.1.0');
    assert.equal(nextSemanticVersion('not a version'), '0.1.0');
    assert.equal(nextSemanticVersion('0.1.0'), '0.2.0');
    assert.equal(nextSemanticVersion('1.9.4'), '1.10.0');
    assert.equal(nextSemanticVersion('0.3.0', '1.2.0'), '1.3.0');
    assert.equal(nextSemanticVersion('2.0.0', '1.2.0'), '2.1.0');
    assert.equal(nextSemanticVersion(null, '1.0.0'), '1.1.0');
  });

  test('manifest versions compare by number; semantic versions must agree with it', () => {
    const v = (version: number, semantic_version: string | null) => ({ version, semantic_version });
    assert.equal(compareManifestVersions(v(2, '0.10.0'), v(1, '0.9.0')), 1);
    assert.equal(compareManifestVersions(v(3, '1.0.0'), v(3, '1.0.0')), 0);
    assert.equal(compareManifestVersions(v(1, '0.1.0'), v(2, '0.2.0')), -1);
    // Without a semantic version on either side, the numbers decide.
    assert.equal(compareManifestVersions(v(3, null), v(2, '9.0.0')), 1);
    assert.equal(compareManifestVersions(v(1, null), v(2, null)), -1);
    // Number and semantic version disagree: the versions are different, not ordered.
    assert.ok(Number.isNaN(compareManifestVersions(v(3, '0.1.0'), v(2, '0.2.0'))));
    assert.ok(Number.isNaN(compareManifestVersions(v(2, '0.2.0'), v(2, '0.3.0'))));
  });
});

describe('manifest header status (spec developer-apps §4)', () => {
  const sandbox = (semantic_version: string, version = 1) => ({ version, semantic_version });
  const production = (semantic_version: string, state: string, version = 1) => ({
    version,
    semantic_version,
    state,
  });

  test('no sandbox manifest: Draft, blue', () => {
    assert.deepEqual(manifestHeaderStatus(null, null), {
      key: 'draft',
      label: 'Draft',
      color: 'blue',
      canPromote: false,
    });
    assert.equal(manifestHeaderStatus(undefined, production('1.0.0', 'published')).label, 'Draft');
  });

  test('sandbox newer than production, or no production: Ready for Testing, magenta, Promote shown', () => {
    for (const status of [
      manifestHeaderStatus(sandbox('0.1.0'), null),
      manifestHeaderStatus(sandbox('0.10.0', 2), production('0.9.0', 'published', 1)),
    ]) {
      assert.deepEqual(status, {
        key: 'ready_for_testing',
        label: 'Ready for Testing',
        color: 'magenta',
        canPromote: true,
      });
    }
  });

  test('equal versions follow the production state', () => {
    const equal = (state: string) => manifestHeaderStatus(sandbox('1.0.0'), production('1.0.0', state));
    assert.deepEqual(
      [equal('confidential'), equal('published'), equal('in_review'), equal('draft')].map((s) => [
        s.label,
        s.color,
        s.canPromote,
      ]),
      [
        ['Promoted', 'green', false],
        ['Approved Version', 'green', false],
        ['Under Review', 'yellow', false],
        ['Unknown State', 'red', false],
      ],
    );
  });

  test('a lower or different sandbox version: Unknown State, red', () => {
    for (const status of [
      manifestHeaderStatus(sandbox('0.9.0', 1), production('0.10.0', 'published', 2)),
      manifestHeaderStatus(sandbox('0.9.0', 3), production('0.10.0', 'published', 2)),
      manifestHeaderStatus(sandbox('1.0.0', 2), production('1.1.0', 'confidential', 2)),
    ])
      assert.deepEqual([status.label, status.color, status.canPromote], ['Unknown State', 'red', false]);
  });

  test('without semantic versions the version numbers decide', () => {
    const none = (version: number) => ({ version, semantic_version: null });
    assert.equal(
      manifestHeaderStatus(none(4), { ...none(3), state: 'published' }).label,
      'Ready for Testing',
    );
    assert.equal(manifestHeaderStatus(none(3), { ...none(3), state: 'in_review' }).label, 'Under Review');
  });
});

describe('review state machine (spec developer-apps §4)', () => {
  const allowed: Array<[string, string, ReviewActor, string]> = [
    ['confidential', 'in_review', 'developer', 'submitted'],
    ['in_review', 'confidential', 'developer', 'withdrawn'],
    ['in_review', 'published', 'admin', 'approved'],
    ['in_review', 'confidential', 'admin', 'rejected'],
  ];

  test('every state pair for both actors: exactly the four transitions are allowed', () => {
    for (const actor of ['developer', 'admin'] as const) {
      for (const from of REVIEW_STATES) {
        for (const to of REVIEW_STATES) {
          const result = reviewTransition(from, to, actor);
          const expected = allowed.find(([f, t, a]) => f === from && t === to && a === actor);
          if (expected) assert.deepEqual(result, { ok: true, event: expected[3] }, `${actor} ${from}→${to}`);
          else {
            assert.equal(result.ok, false, `${actor} ${from}→${to}`);
            assert.ok(!result.ok && result.message.length > 10);
          }
        }
      }
    }
  });

  test('refusals say why', () => {
    const message = (from: string, to: string, actor: ReviewActor) => {
      const result = reviewTransition(from as 'confidential', to as 'confidential', actor);
      return result.ok ? null : result.message;
    };
    assert.equal(message('in_review', 'in_review', 'developer'), 'This version is already in review');
    assert.equal(message('published', 'published', 'admin'), 'This version is already published');
    assert.equal(
      message('confidential', 'confidential', 'developer'),
      'This version is already confidential (not in review)',
    );
    assert.equal(
      message('confidential', 'published', 'developer'),
      'Only a platform admin can approve a version',
    );
    assert.equal(
      message('in_review', 'published', 'developer'),
      'Only a platform admin can approve a version',
    );
    assert.match(
      message('published', 'confidential', 'developer')!,
      /^A published version cannot be submitted/,
    );
    assert.match(message('published', 'in_review', 'developer')!, /^A published version cannot be submitted/);
    for (const [from, to] of [
      ['confidential', 'published'],
      ['confidential', 'in_review'],
      ['published', 'confidential'],
      ['published', 'in_review'],
    ])
      assert.equal(message(from!, to!, 'admin'), 'Only a version in review can be approved or rejected');
  });

  test('the buttons a production version shows', () => {
    const member = { canModifyManifests: true, isPlatformAdmin: false };
    const viewer = { canModifyManifests: false, isPlatformAdmin: false };
    const staff = { canModifyManifests: false, isPlatformAdmin: true };
    assert.deepEqual(reviewActions({ state: 'confidential', submittable: true }, member), ['submit']);
    assert.deepEqual(reviewActions({ state: 'confidential', submittable: false }, member), []);
    assert.deepEqual(reviewActions({ state: 'confidential', submittable: true }, viewer), []);
    assert.deepEqual(reviewActions({ state: 'in_review', submittable: false }, member), ['withdraw']);
    assert.deepEqual(reviewActions({ state: 'in_review', submittable: false }, viewer), []);
    assert.deepEqual(reviewActions({ state: 'in_review', submittable: false }, staff), ['approve', 'reject']);
    assert.deepEqual(reviewActions({ state: 'published', submittable: false }, staff), []);
  });
});

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
    assert.equal(permissionError('project', 'budgeting', 'standard'), null);
    assert.equal(permissionError('company', 'admin', 'admin'), null);
    assert.equal(
      permissionError('company', 'admin', 'readonly'),
      'The Admin company tool cannot be set to readonly',
    );
    assert.equal(
      permissionError('company', 'concierge', 'readonly'),
      'The Concierge company tool cannot be set to readonly',
    );
    assert.equal(permissionError('company', 'budgeting', 'admin'), 'budgeting is not a known company tool');
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
