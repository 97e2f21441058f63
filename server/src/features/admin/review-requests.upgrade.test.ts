import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/helpers.ts';
import { createTestAppUpgradedFrom, insertOldUser, valuesOf } from '../../test/migrations.ts';

// A database from before migration 0026 (review_requests): an app whose listing was approved but
// which was never marked published, an app waiting for production credentials, and a plain one; then
// the portal starts and migrates it.
let t: TestApp;
const ids: Record<string, string> = {};
before(async () => {
  t = await createTestAppUpgradedFrom('review_requests', async (run) => {
    ids.user = await insertOldUser(run, 'old-requests@example.com');
    const apps = { Listed: 'production_approved', Pending: 'production_pending', Plain: 'none' };
    for (const [name, access] of Object.entries(apps)) {
      const [app] = await run(sql`
        insert into developer_apps (internal_name, owner_id, external_procore_owner_id, production_access, updated_at)
        values (${name}, ${ids.user}, 1, ${access}, timestamptz '2026-04-03') returning id`);
      ids[name] = app!.id!;
    }
    await run(sql`
      insert into marketplace_submissions (developer_app_id, state, submitted_at, published_at, archived_at) values
        (${ids.Listed}, 'published', timestamptz '2026-02-01', timestamptz '2026-02-02', timestamptz '2026-03-01'),
        (${ids.Listed}, 'published', timestamptz '2026-02-20', timestamptz '2026-03-01', null)`);
  });
});
after(() => t.close());

test('the upgrade publishes apps with an approved listing and queues the pending production requests', async () => {
  const apps = await valuesOf(
    t.ctx.db,
    sql`
    select internal_name, published_at, production_access_requested_at, in_review_at, review_owner_email
    from developer_apps where owner_id = ${ids.user} order by internal_name`,
  );
  assert.deepEqual(apps, [
    // Published since its first approved listing.
    ['Listed', '2026-02-02T00:00:00.000Z', null, null, null],
    // Waiting since its last change, in the queue with its owner's e-mail.
    ['Pending', null, '2026-04-03T00:00:00.000Z', '2026-04-03T00:00:00.000Z', 'old-requests@example.com'],
    ['Plain', null, null, null, null],
  ]);
  const admin = (await t.asNewUser({ role: 'admin' })).client;
  const queue = (await admin.get('/api/v1/admin/review_queue?sort=owner')).json() as Array<{
    internal_name: string;
    has_production_access_request: boolean;
  }>;
  assert.deepEqual(
    queue.map((row) => [row.internal_name, row.has_production_access_request]),
    [['Pending', true]],
  );
});
