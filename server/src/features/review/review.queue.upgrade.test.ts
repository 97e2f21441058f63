import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/helpers.ts';
import { createTestAppUpgradedFrom, insertOldUser, valuesOf } from '../../test/migrations.ts';

// A database from before migration 0016 (review_queue): apps with a listing in review, a manifest in
// review that has no submitted_at (which the new check refuses), and a published listing; then the
// portal starts and migrates it.
let t: TestApp;
const ids: Record<string, string> = {};
before(async () => {
  t = await createTestAppUpgradedFrom('review_queue', async (run) => {
    ids.user = await insertOldUser(run, 'old-owner@example.com');
    for (const name of ['Listing', 'Manifest', 'Published']) {
      const [app] = await run(sql`
        insert into developer_apps (internal_name, owner_id, external_procore_owner_id)
        values (${name}, ${ids.user}, 1) returning id`);
      ids[name] = app!.id!;
    }
    await run(sql`
      insert into marketplace_submissions (developer_app_id, state, submitted_at, published_at) values
        (${ids.Listing}, 'in_review', timestamptz '2026-04-01', null),
        (${ids.Published}, 'published', timestamptz '2026-02-01', timestamptz '2026-02-02')`);
    await run(sql`
      with m as (insert into app_manifests (developer_app_id) values (${ids.Manifest}) returning id)
      insert into app_versions (developer_app_id, app_manifest_id, environment, version, content, state, updated_at)
      select ${ids.Manifest}, m.id, 'production', 1, '{}'::json, 'in_review', timestamptz '2026-04-02' from m`);
  });
});
after(() => t.close());

test('the upgrade fills the review columns and the owner e-mail; the queue lists what was in review', async () => {
  const apps = await valuesOf(
    t.ctx.db,
    sql`
    select internal_name, listing_in_review_at, version_in_review_at, in_review_at, review_owner_email
    from developer_apps where owner_id = ${ids.user} order by internal_name`,
  );
  assert.deepEqual(apps, [
    ['Listing', '2026-04-01T00:00:00.000Z', null, '2026-04-01T00:00:00.000Z', 'old-owner@example.com'],
    // In review without a submitted_at: since its last update, as the upgrade sets submitted_at.
    ['Manifest', null, '2026-04-02T00:00:00.000Z', '2026-04-02T00:00:00.000Z', 'old-owner@example.com'],
    ['Published', null, null, null, null],
  ]);
  const admin = (await t.asNewUser({ role: 'admin' })).client;
  const queue = (await admin.get('/api/v1/admin/review_queue')).json() as Array<{ internal_name: string }>;
  assert.deepEqual(
    queue.map((row) => row.internal_name),
    ['Manifest', 'Listing'],
  );
});
