import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { assertPaged } from '../../platform/list/testkit.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';

type Row = {
  id: string;
  internal_name: string;
  owner: { email: string };
  has_marketplace_listing_in_review: boolean;
  has_app_version_in_review: boolean;
  has_published_app: boolean;
  marketplace_listing_in_review_at: string | null;
  app_version_in_review_at: string | null;
};
let t: TestApp;
let admin: TestClient;
let apps: Record<string, string>;
let ownerId: string;
const Q = '/api/v1/admin/review_queue';

/** Five apps: listing in review (new), manifest in review, both (with a live listing), none, deleted + listing. */
before(async () => {
  t = await createTestApp();
  admin = (await t.asNewUser({ role: 'admin' })).client;
  ownerId = (await t.createUser({ email: 'queue-owner@example.com' })).id;
  const other = (await t.createUser({ email: 'another@example.com' })).id;
  const rows = (await t.ctx.db.execute(sql`
    insert into developer_apps (internal_name, owner_id, external_procore_owner_id, deleted_at)
    values ('Listing Only', ${ownerId}, 1, null), ('Manifest Only', ${other}, 1, null),
           ('Both', ${ownerId}, 1, null), ('Nothing', ${ownerId}, 1, null), ('Deleted', ${ownerId}, 1, now())
    returning id, internal_name`)) as unknown as { rows: Array<{ id: string; internal_name: string }> };
  apps = Object.fromEntries(rows.rows.map((row) => [row.internal_name, row.id]));
  await t.ctx.db.execute(sql`
    insert into marketplace_submissions (developer_app_id, state, submitted_at, published_at) values
      (${apps['Listing Only']}, 'in_review', timestamptz '2026-03-01', null),
      (${apps.Both}, 'in_review', timestamptz '2026-03-02', null),
      (${apps.Both}, 'published', timestamptz '2026-01-01', timestamptz '2026-01-02'),
      (${apps.Deleted}, 'in_review', timestamptz '2026-03-03', null)`);
  for (const [name, at] of [
    ['Manifest Only', '2026-03-05'],
    ['Both', '2026-02-20'],
  ] as const) {
    await t.ctx.db.execute(sql`
      with m as (insert into app_manifests (developer_app_id) values (${apps[name]}) returning id)
      insert into app_versions (developer_app_id, app_manifest_id, environment, version, content, state, submitted_at)
      select ${apps[name]}, m.id, 'production', 1, '{}'::json, 'in_review', ${at}::timestamptz from m`);
  }
});
after(() => t.close());

const get = async (query = '') => {
  const res = await admin.get(`${Q}${query}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as Row[];
};

test('by default: apps in review, newest review first, with labels, dates and new vs update', async () => {
  const rows = await get();
  assert.deepEqual(
    rows.map((row) => row.internal_name),
    ['Manifest Only', 'Both', 'Listing Only'],
  );
  const both = rows[1]!;
  assert.deepEqual(both, {
    id: apps.Both,
    internal_name: 'Both',
    owner: { email: 'queue-owner@example.com' },
    has_marketplace_listing_in_review: true,
    has_app_version_in_review: true,
    has_published_app: true,
    marketplace_listing_in_review_at: '2026-03-02T00:00:00.000Z',
    app_version_in_review_at: '2026-02-20T00:00:00.000Z',
    has_production_access_request: false,
    production_access_requested_at: null,
    has_marketplace_access_request: false,
    marketplace_access_requested_at: null,
  });
  const listing = rows[2]!;
  assert.equal(listing.has_marketplace_listing_in_review, true);
  assert.equal(listing.has_app_version_in_review, false);
  assert.equal(listing.has_published_app, false);
  assert.equal(rows[0]!.has_marketplace_listing_in_review, false);
  assert.equal(rows[0]!.app_version_in_review_at, '2026-03-05T00:00:00.000Z');
});

test('filters: with_deleted, in_review=false, owner, search; sorts by name, owner and in_review_at', async () => {
  assert.deepEqual(
    (await get('?filters[with_deleted]=true')).map((r) => r.internal_name),
    ['Manifest Only', 'Deleted', 'Both', 'Listing Only'],
  );
  assert.equal((await get('?filters[in_review]=false')).length, 4);
  assert.deepEqual(
    (await get(`?filters[owner_id][]=${ownerId}`)).map((r) => r.internal_name),
    ['Both', 'Listing Only'],
  );
  assert.deepEqual(
    (await get('?filters[search]=only')).map((r) => r.internal_name),
    ['Manifest Only', 'Listing Only'],
  );
  assert.deepEqual(
    (await get('?sort=internal_name')).map((r) => r.internal_name),
    ['Both', 'Listing Only', 'Manifest Only'],
  );
  assert.deepEqual(
    (await get('?sort=-internal_name')).map((r) => r.internal_name),
    ['Manifest Only', 'Listing Only', 'Both'],
  );
  assert.equal((await get('?sort=owner'))[0]!.owner.email, 'another@example.com');
  assert.equal((await get('?sort=-owner'))[0]!.owner.email, 'queue-owner@example.com');
  assert.deepEqual(
    (await get('?sort=in_review_at')).map((r) => r.internal_name),
    ['Listing Only', 'Both', 'Manifest Only'],
  );
  await assertPaged(
    admin,
    `${Q}?filters[in_review]=false&sort=internal_name`,
    [apps.Both!, apps['Listing Only']!, apps['Manifest Only']!, apps.Nothing!],
    3,
  );
});
