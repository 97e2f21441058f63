import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  ConfiguredManifestContent,
  CreateAppVersionedManifestBody,
  ManifestContent,
  nestsDeeperThan,
} from '../manifests.ts';
import {
  expandView,
  expandViews,
  findPermissionTool,
  isLevelAllowed,
  PERMISSION_LEVELS,
  PERMISSION_TOOLS,
  SIDEPANEL_VIEWS,
} from './manifest-catalog.ts';

// The shared reference data sits beside the checkout (../shared), or beside the worktrees' folder.
const SHARED = ['../../../../shared/data/', '../../../../../shared/data/'].map(
  (dir) => new URL(dir, import.meta.url),
);
const readShared = (name: string) => {
  for (const dir of SHARED) {
    try {
      return JSON.parse(readFileSync(new URL(name, dir), 'utf8'));
    } catch {}
  }
  return undefined;
};

test('the catalogue is the shared reference data (when it is at hand)', (t) => {
  const tools = readShared('permission-tools.json');
  const views = readShared('sidepanel-views.json');
  if (!tools || !views) {
    t.skip('../shared/data is not beside this checkout');
    return;
  }
  assert.deepEqual(
    PERMISSION_LEVELS.map(({ id, name }) => ({ id, name })),
    tools.levels,
  );
  assert.deepEqual(PERMISSION_TOOLS.company, tools.company);
  assert.deepEqual(PERMISSION_TOOLS.project, tools.project);
  assert.deepEqual(SIDEPANEL_VIEWS, views);
});

test('levels a tool disallows', () => {
  const admin = findPermissionTool('company', 'admin')!;
  assert.deepEqual(
    (['none', 'readonly', 'standard', 'admin'] as const).map((level) => isLevelAllowed(admin, level)),
    [true, false, false, true],
  );
  assert.equal(findPermissionTool('project', 'budgeting')?.friendly_name, 'Budget');
  assert.equal(findPermissionTool('project', 'budget'), undefined);
});

test('a view ending in .all expands to every key with that prefix', () => {
  assert.deepEqual(expandView('change_events.all'), [
    'change_events.list',
    'change_events.new',
    'change_events.detail',
    'change_events.edit',
  ]);
  assert.deepEqual(expandView('commitments.work_order_contracts.all'), [
    'commitments.work_order_contracts.detail',
    'commitments.work_order_contracts.edit',
    'commitments.work_order_contracts.new',
  ]);
  assert.deepEqual(expandView('rfi.detail'), ['rfi.detail']);
  for (const unknown of ['rfi.list', 'change_event.all', '.all', 'all', 'rfi.detail.all'])
    assert.deepEqual(expandView(unknown), [], unknown);
  assert.deepEqual(expandViews(['rfi.detail', 'incidents.all', 'incidents.list', 'nope']), [
    'rfi.detail',
    'incidents.list',
    'incidents.new',
    'incidents.detail',
    'incidents.edit',
  ]);
});

test('manifest content must be an object, at most 32 levels deep and 200,000 characters', () => {
  assert.ok(ManifestContent.safeParse({ schema_version: '3' }).success);
  for (const bad of [[], 'text', null, 3])
    assert.equal(
      ManifestContent.safeParse(bad).error?.issues[0]?.message,
      'The manifest must be a JSON object',
    );
  let deep: unknown = 1;
  for (let i = 0; i < 40; i++) deep = { a: deep };
  assert.equal(
    ManifestContent.safeParse(deep).error?.issues[0]?.message,
    'The manifest nests deeper than 32 levels',
  );
  assert.equal(nestsDeeperThan({ a: [{ b: 1 }] }, 3), false);
  assert.equal(nestsDeeperThan({ a: [{ b: {} }] }, 3), true);
  const long = ManifestContent.safeParse({ notes: 'x'.repeat(200_001) });
  assert.match(long.error?.issues[0]?.message ?? '', /longer than 200,000 characters/);
});

test('form-based create: at least one part, unless the allow-empty flag is set (spec developer-apps §5)', () => {
  const body = (configured: unknown, extra: Record<string, unknown> = {}) => ({
    developer_app_id: 'a1',
    environment_type: 'Sandbox',
    configured_manifest_content: configured,
    ...extra,
  });
  const issues = (value: unknown) =>
    (CreateAppVersionedManifestBody.safeParse(value).error?.issues ?? []).map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
  const atLeastOne = 'configured_manifest_content: At least one of fullscreen or sidepanel must be present';
  const empty = { oauth: { enabled: false }, permissions: { company: {}, project: {} } };
  assert.deepEqual(issues(body({})), [atLeastOne]);
  assert.deepEqual(issues(body(empty)), [atLeastOne]);
  assert.deepEqual(issues(body(empty, { allow_empty: false })), [atLeastOne]);
  // A partial instruction is not content (and is an error of its own).
  assert.deepEqual(issues(body({ post_installation_instruction: { notes: 'x' } })), [
    'configured_manifest_content.post_installation_instruction: All post installation instruction fields must be present',
    atLeastOne,
  ]);
  // Each part on its own is enough.
  for (const part of [
    { fullscreen: { source_url: 'https://a.example.com' } },
    { sidepanel: { source_url: 'https://a.example.com', views: ['rfi.detail'] } },
    { permissions: { company: { directory: 'readonly' } } },
    { permissions: { project: { rfi: 'readonly' } } },
    { post_installation_instruction: { notes: 'n', page: { label: 'l', url: 'https://a.example.com' } } },
    { oauth: { enabled: true } },
  ])
    assert.deepEqual(issues(body(part)), [], JSON.stringify(part));
  // The flag lets the empty form through, and only the form's content.
  assert.deepEqual(issues(body(empty, { allow_empty: true })), []);
  assert.equal(CreateAppVersionedManifestBody.parse(body({ oauth: { enabled: true } })).allow_empty, false);
  assert.deepEqual(
    issues({
      developer_app_id: 'a1',
      environment_type: 'Sandbox',
      manifest: { content: { schema_version: '4.1' } },
      allow_empty: true,
    }),
    ['allow_empty: allow_empty applies to configured_manifest_content only'],
  );
  assert.match(issues(body(empty, { allow_empty: 'yes' })).join(), /^allow_empty: /);
});

test('form-based content: post-installation fields all or none, component rules (spec developer-apps §5)', () => {
  const message = (value: unknown) => ConfiguredManifestContent.safeParse(value).error?.issues[0]?.message;
  // Emptiness is the create call's rule (it knows the allow-empty flag), not the content's.
  assert.equal(message({}), undefined);
  assert.equal(message({ oauth: { enabled: true } }), undefined);
  assert.equal(message({ permissions: { project: { rfi: 'readonly' } } }), undefined);
  assert.equal(
    message({ post_installation_instruction: { notes: 'Read me', page: { label: 'Setup' } } }),
    'All post installation instruction fields must be present',
  );
  assert.equal(
    message({
      post_installation_instruction: {
        notes: 'Read me',
        page: { label: 'Setup', url: 'https://a.example.com' },
      },
    }),
    undefined,
  );
  assert.equal(
    message({ sidepanel: { source_url: 'https://a.example.com', views: [] } }),
    'At least one view is required',
  );
  assert.equal(message({ fullscreen: { source_url: '' } }), 'A valid URL is required');
});
