import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { developerApps } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { completeDraft } from '../listings/testing.ts';
import { createVersion, manifestApp, promoteVersion } from '../manifests/testing.ts';

let t: TestApp;
let staff: TestClient;
before(async () => {
  t = await createTestApp({ sandboxProvisionSeconds: 0 });
  staff = (await t.asNewUser({ role: 'admin' })).client;
});
after(() => t.close());

/** What the triggers keep on the app (migration 0016), as ISO text. */
async function reviewColumns(appId: string) {
  const [row] = await t.ctx.db
    .select({
      listing: developerApps.listingInReviewAt,
      version: developerApps.versionInReviewAt,
      later: developerApps.inReviewAt,
    })
    .from(developerApps)
    .where(eq(developerApps.id, appId));
  const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;
  return { listing: iso(row?.listing), version: iso(row?.version), later: iso(row?.later) };
}

const queueIds = async () =>
  ((await staff.get('/api/v1/admin/review_queue')).json() as Array<{ id: string }>).map((row) => row.id);

test('the app follows submit, withdraw, reject and approve of its listing and of its manifest version', async () => {
  const app = await manifestApp(t);
  // Its production credentials request is a review of its own (issue 22): decided first.
  await staff.post(`/api/v1/admin/developer_apps/${app.id}/production_access/approve`);
  const sandbox = await createVersion(app.owner, app.id, 'Sandbox', '0.1.0');
  const version = (await promoteVersion(app.owner, sandbox.id)).id;
  const listing = (await completeDraft(t, app.owner, app.id)).id;
  const patchListing = (client: TestClient, body: object, admin = false) =>
    client.patch(`/api/v1${admin ? '/admin' : ''}/submissions/${listing}`, body);
  const patchVersion = (client: TestClient, state: string, admin = false) =>
    client.patch(`/api/v1${admin ? '/admin' : ''}/app_versions/${version}`, {
      app_version: { state, ...(admin ? { admin_notes: 'Noted' } : {}) },
    });
  const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
    const res = await response;
    assert.equal(res.statusCode, 200, res.body);
  };
  const none = { listing: null, version: null, later: null };
  assert.deepEqual(await reviewColumns(app.id), none);

  // The listing goes into review, then the manifest a minute later: the later time leads.
  const listingAt = t.clock.now().toISOString();
  await ok(patchListing(app.owner, { state: 'in_review' }));
  t.clock.advance(60_000);
  const versionAt = t.clock.now().toISOString();
  await ok(patchVersion(app.owner, 'in_review'));
  assert.deepEqual(await reviewColumns(app.id), { listing: listingAt, version: versionAt, later: versionAt });
  assert.ok((await queueIds()).includes(app.id));

  // Withdrawn: each side clears on its own.
  await ok(patchVersion(app.owner, 'confidential'));
  assert.deepEqual(await reviewColumns(app.id), { listing: listingAt, version: null, later: listingAt });
  await ok(patchListing(app.owner, { state: 'draft' }));
  assert.deepEqual(await reviewColumns(app.id), none);
  assert.ok(!(await queueIds()).includes(app.id));

  // Resubmitted, then rejected by staff.
  t.clock.advance(60_000);
  const again = t.clock.now().toISOString();
  await ok(patchListing(app.owner, { state: 'in_review' }));
  await ok(patchVersion(app.owner, 'in_review'));
  assert.deepEqual(await reviewColumns(app.id), { listing: again, version: again, later: again });
  await ok(patchListing(staff, { approval_state: 'rejected', admin_message: 'Add pricing' }, true));
  await ok(patchVersion(staff, 'confidential', true));
  assert.deepEqual(await reviewColumns(app.id), none);

  // Resubmitted, then approved by staff.
  t.clock.advance(60_000);
  const last = t.clock.now().toISOString();
  await ok(patchListing(app.owner, { state: 'in_review' }));
  await ok(patchVersion(app.owner, 'in_review'));
  assert.deepEqual(await reviewColumns(app.id), { listing: last, version: last, later: last });
  await ok(patchListing(staff, { approval_state: 'approved' }, true));
  assert.deepEqual(await reviewColumns(app.id), { listing: null, version: last, later: last });
  await ok(patchVersion(staff, 'published', true));
  assert.deepEqual(await reviewColumns(app.id), none);
  assert.ok(!(await queueIds()).includes(app.id));
});

test('any write path keeps them: raw SQL, a row moved to another app, rows and apps deleted', async () => {
  const owner = await t.createUser({});
  const rows = (await t.ctx.db.execute(sql`
    insert into developer_apps (internal_name, owner_id, external_procore_owner_id)
    values ('One', ${owner.id}, 1), ('Two', ${owner.id}, 1) returning id`)) as unknown as {
    rows: Array<{ id: string }>;
  };
  const [one, two] = rows.rows.map((row) => row.id) as [string, string];
  const inserted = (await t.ctx.db.execute(sql`
    insert into marketplace_submissions (developer_app_id, state, submitted_at)
    values (${one}, 'in_review', timestamptz '2026-05-01') returning id`)) as unknown as {
    rows: Array<{ id: string }>;
  };
  const submission = inserted.rows[0]!.id;
  assert.equal((await reviewColumns(one)).listing, '2026-05-01T00:00:00.000Z');
  // Editing the listing's text changes nothing; moving its submitted_at or its app does.
  await t.ctx.db.execute(sql`update marketplace_submissions set tagline = 'x' where id = ${submission}`);
  await t.ctx.db.execute(
    sql`update marketplace_submissions set submitted_at = timestamptz '2026-05-02' where id = ${submission}`,
  );
  assert.equal((await reviewColumns(one)).later, '2026-05-02T00:00:00.000Z');
  await t.ctx.db.execute(
    sql`update marketplace_submissions set developer_app_id = ${two} where id = ${submission}`,
  );
  assert.equal((await reviewColumns(one)).listing, null);
  assert.equal((await reviewColumns(two)).listing, '2026-05-02T00:00:00.000Z');
  await t.ctx.db.execute(sql`delete from marketplace_submissions where id = ${submission}`);
  assert.deepEqual(await reviewColumns(two), { listing: null, version: null, later: null });

  // The owner's e-mail is kept while the app is in review: it follows an owner change and an e-mail
  // change, and goes when the app leaves review.
  const ownerEmail = async (appId: string) => {
    const [row] = await t.ctx.db
      .select({ email: developerApps.reviewOwnerEmail })
      .from(developerApps)
      .where(eq(developerApps.id, appId));
    return row?.email ?? null;
  };
  assert.equal(await ownerEmail(two), null);
  await t.ctx.db.execute(sql`
    with m as (insert into app_manifests (developer_app_id) values (${two}) returning id)
    insert into app_versions (developer_app_id, app_manifest_id, environment, version, content, state, submitted_at)
    select ${two}, m.id, 'production', 1, '{}'::json, 'in_review', now() from m`);
  assert.equal(await ownerEmail(two), owner.email);
  const other = await t.createUser({ email: 'next-owner@example.com' });
  await t.ctx.db.execute(sql`update developer_apps set owner_id = ${other.id} where id = ${two}`);
  assert.equal(await ownerEmail(two), 'next-owner@example.com');
  await t.ctx.db.execute(sql`update users set email = 'renamed-owner@example.com' where id = ${other.id}`);
  assert.equal(await ownerEmail(two), 'renamed-owner@example.com');
  await t.ctx.db.execute(sql`update app_versions set state = 'confidential' where developer_app_id = ${two}`);
  assert.deepEqual([await ownerEmail(two), (await reviewColumns(two)).later], [null, null]);

  // In review without a submitted_at is refused (the column could not say since when).
  await assert.rejects(
    t.ctx.db.execute(
      sql`insert into marketplace_submissions (developer_app_id, state) values (${one}, 'in_review')`,
    ),
  );
  // Deleting an app with a listing in review cascades without tripping over the app's own row.
  await t.ctx.db.execute(sql`
    insert into marketplace_submissions (developer_app_id, state, submitted_at) values (${one}, 'in_review', now())`);
  await t.ctx.db.execute(sql`delete from developer_apps where id = ${one}`);
  const left = (await t.ctx.db.execute(
    sql`select count(*)::int as n from marketplace_submissions where developer_app_id = ${one}`,
  )) as unknown as { rows: Array<{ n: number }> };
  assert.equal(left.rows[0]!.n, 0);
});
