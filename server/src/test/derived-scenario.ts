/**
 * A day of the portal that writes every source table of db/derived.ts, for its drift test: apps
 * created, renamed, soft-deleted and undeleted; people invited, removed, made owner; credentials
 * issued; a manifest and a listing submitted, rejected, approved and left in review; an owner's
 * e-mail changed; a critical announcement mailed (some deliveries failing, one retried) and read.
 * Then the writes no service makes today but the triggers still guard (a bulk load, a restore, a
 * fix by hand): a membership moved, an app deleted outright, rows inserted or deleted in review.
 * Every user and app is new, so it runs again on the same database after a truncate.
 */
import { eq, sql } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/index.ts';
import { createAppAs } from '../features/apps/testing.ts';
import { joinApp } from '../features/collaborators/testing.ts';
import { completeDraft } from '../features/listings/testing.ts';
import { createVersion } from '../features/manifests/testing.ts';
import { sendMailJob } from '../platform/mail/mail.ts';
import { type TestApp, type TestClient, testJobRun } from './helpers.ts';

const V = '/api/v1';

/** Sends a request and insists on its status. */
async function expect<Body = { id: string }>(
  status: number,
  sent: Promise<{ statusCode: number; body: string; json(): unknown }>,
): Promise<Body> {
  const res = await sent;
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return (res.body ? res.json() : {}) as Body;
}

export async function runScenario(t: TestApp): Promise<void> {
  const staff = (await t.asNewUser({ role: 'admin', name: 'Stella Staff' })).client;
  const olive = await t.asNewUser({ name: 'Olive Owner' });
  const owner = olive.client;
  const app = async (name: string) =>
    (await createAppAs(owner, `${name} ${Math.random().toString(36).slice(2, 7)}`)).id;
  const [listed, team, dropped, restored, removed] = [
    await app('Listed'),
    await app('Team'),
    await app('Dropped'),
    await app('Restored'),
    await app('Removed'),
  ];
  await t.drainJobs(); // sandboxes: each app's sandbox OAuth client

  // Memberships: in, out, ownership moved by the owner and by staff; apps deleted and undeleted.
  const ada = await joinApp(t, owner, team, 'admin');
  const dev = await joinApp(t, owner, team, 'developer');
  type Member = { id: string; email: string };
  const members = await expect<Member[]>(200, owner.get(`${V}/collaborators?developer_app_id=${team}`));
  const memberId = (email: string) => members.find((m) => m.email === email)!.id;
  await expect(204, owner.delete(`${V}/collaborators/${memberId(dev.user.email)}?developer_app_id=${team}`));
  await expect(
    200,
    owner.post(`${V}/collaborators/${memberId(ada.user.email)}/transfer_ownership?developer_app_id=${team}`),
  );
  await expect(204, owner.delete(`${V}/developer_apps/${dropped}`));
  await expect(204, owner.delete(`${V}/developer_apps/${restored}`));
  await expect(
    200,
    staff.patch(`${V}/admin/developer_apps/${restored}`, { developer_app: { deleted_at: null } }),
  );

  // Renames: My Apps search and the OAuth clients' app name follow.
  await expect(
    200,
    owner.patch(`${V}/developer_apps/${listed}`, { developer_app: { name: 'Listed for sale' } }),
  );
  await expect(
    200,
    staff.patch(`${V}/admin/developer_apps/${listed}`, {
      developer_app: { internal_name: 'Listed, renamed' },
    }),
  );

  // A listing: submitted, rejected, regions changed, approved, then a new draft left in review.
  const draft: { id: string } = await completeDraft(t, owner, listed, 'Listed');
  const submit = (client: TestClient, id: string) =>
    expect(200, client.patch(`${V}/submissions/${id}`, { state: 'in_review' }));
  const decide = (id: string, body: object) => expect(200, staff.patch(`${V}/admin/submissions/${id}`, body));
  await submit(owner, draft.id);
  await decide(draft.id, { approval_state: 'rejected', admin_message: '<p>Add Europe</p>' });
  await expect(
    200,
    owner.patch(`${V}/submissions/${draft.id}`, { regions: { europe: true }, countries: { JP: true } }),
  );
  await submit(owner, draft.id);
  await decide(draft.id, { approval_state: 'approved' });
  const next = await expect(
    201,
    owner.post(`${V}/developer_apps/${listed}/submissions`, { tagline: 'Now in Europe' }),
  );
  await submit(owner, next.id);

  // Production credentials and a manifest: one version approved, the next left in review.
  await expect(200, staff.post(`${V}/admin/developer_apps/${listed}/production_access/approve`));
  const review = async (id: string, state: string) =>
    expect(
      200,
      staff.patch(`${V}/admin/app_versions/${id}`, { app_version: { state, admin_notes: 'Checked' } }),
    );
  const submitVersion = async (semantic: string) => {
    const version = await createVersion(owner, listed, 'Production', semantic);
    await expect(
      200,
      owner.patch(`${V}/app_versions/${version.id}`, { app_version: { state: 'in_review' } }),
    );
    return version.id;
  };
  await review(await submitVersion('2.0.0'), 'published');
  await submitVersion('2.1.0');

  // Access requests (issue 22): marketplace access asked for and enabled, production credentials
  // asked for and left waiting.
  await expect(200, owner.post(`${V}/developer_apps/${restored}/marketplace_access`));
  await expect(200, staff.post(`${V}/admin/developer_apps/${restored}/marketplace_access/approve`));
  await expect(200, owner.post(`${V}/developer_apps/${restored}/production_access`, { confidential: true }));

  // In review: staff give the app to Ada, then change her e-mail.
  await expect(
    200,
    staff.patch(`${V}/admin/developer_apps/${listed}`, { developer_app: { owner_id: ada.user.id } }),
  );
  await expect(
    200,
    staff.patch(`${V}/admin/developers/${ada.user.id}`, {
      developer: { email: `ada-${listed}@example.com` },
    }),
  );

  await announce(t, staff, [olive.client, ada.client], [dev.user.email, olive.user.email]);
  await writesNoServiceMakes(t, { owner: olive.user.id, removed, team, restored, listed });
}

/**
 * A critical announcement mailed to everyone (two deliveries fail; a retry delivers one), opened
 * by two developers and edited; a second one, opened, is deleted.
 */
async function announce(t: TestApp, staff: TestClient, readers: TestClient[], bouncing: string[]) {
  const post = (title: string, critical: boolean) =>
    expect(
      201,
      staff.post(`${V}/admin/notifications`, { title, summary: 'Summary', body: 'Body', critical }),
    );
  let down = new Set(bouncing);
  t.ctx.smtp = {
    sendMail: async (message: { to: string }) => {
      if (down.has(message.to)) throw new Error('421 try later');
    },
  } as never;
  try {
    const critical = await post('Rotate your keys', true);
    await t.drainJobs();
    down = new Set();
    const [failed] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, bouncing[0]!));
    const { to, subject, text, html, template, idempotencyKey } = failed!;
    const retry = { to, subject, text, html, template, idempotencyKey, announcementId: critical.id };
    await sendMailJob.handler(retry, t.ctx, testJobRun('retry'));
    const quiet = await post('Quiet news', false);
    for (const reader of readers) {
      await expect(200, reader.patch(`${V}/notifications/${critical.id}`));
      await expect(200, reader.patch(`${V}/notifications/${quiet.id}`));
    }
    await expect(
      200,
      staff.patch(`${V}/admin/notifications/${critical.id}`, { title: 'Rotate your keys today' }),
    );
    await expect(204, staff.delete(`${V}/admin/notifications/${quiet.id}`));
  } finally {
    t.ctx.smtp = undefined;
  }
}

/** What the triggers guard beyond the services: each statement names the trigger it needs. */
async function writesNoServiceMakes(
  t: TestApp,
  ids: { owner: string; removed: string; team: string; restored: string; listed: string },
) {
  const run = (query: ReturnType<typeof sql>) => t.ctx.db.execute(query);
  const noor = await t.createUser({ name: 'Noor Moved' });
  // developer_app_members_count_move and _app_search: a membership given to someone else, on another app.
  await run(sql`update developer_app_members set user_id = ${noor.id}, developer_app_id = ${ids.listed}
    where developer_app_id = ${ids.team} and user_id = ${ids.owner}`);
  // developer_apps_members_first: an app deleted outright, with its members.
  await run(sql`delete from developer_apps where id = ${ids.removed}`);
  // *_review_in: rows that arrive in review (kept); *_review_out: rows deleted while in review.
  await run(sql`insert into marketplace_submissions (developer_app_id, state, submitted_at)
    values (${ids.team}, 'in_review', now()), (${ids.restored}, 'in_review', now())`);
  await run(sql`delete from marketplace_submissions where developer_app_id = ${ids.restored}`);
  await run(sql`insert into app_manifests (developer_app_id) values (${ids.team}), (${ids.restored})`);
  await run(sql`insert into app_versions (developer_app_id, app_manifest_id, environment, version, content, state, submitted_at)
    select developer_app_id, id, 'production', 1, '{}'::json, 'in_review', now() from app_manifests
    where developer_app_id in (${ids.team}, ${ids.restored})`);
  await run(sql`delete from app_versions where developer_app_id = ${ids.restored}`);
  // developer_apps_review_owner_email_in: an app loaded with its review state, then its listing.
  const at = '2026-01-02T00:00:00Z';
  const loaded =
    (await run(sql`insert into developer_apps (internal_name, owner_id, external_procore_owner_id, listing_in_review_at)
    values ('Loaded in review', ${ids.owner}, 1, ${at}::timestamptz) returning id`)) as unknown as {
      rows: Array<{ id: string }>;
    };
  const id = loaded.rows[0]!.id;
  await run(
    sql`insert into developer_app_members (developer_app_id, user_id, role) values (${id}, ${ids.owner}, 'owner')`,
  );
  await run(
    sql`insert into marketplace_submissions (developer_app_id, state, submitted_at) values (${id}, 'in_review', ${at}::timestamptz)`,
  );
}
