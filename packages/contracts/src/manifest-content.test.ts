import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfiguredManifestContent, ManifestContent, nestsDeeperThan } from './manifest-content.ts';
import { CreateAppVersionedManifestBody } from './manifests.ts';

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
