import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { DERIVED_COLUMNS } from '../../db/derived.ts';
import { findDrift } from '../../db/drift.ts';
import { sendMailJob } from '../../platform/mail/mail.ts';
import { type TestApp, type TestClient, testJobRun } from '../../test/helpers.ts';
import { createTestAppUpgradedFrom } from '../../test/migrations.ts';

// A database from before migration 0020 (announcement_mail_id), where the reach trigger read the
// announcement from each critical mail's key: two announcements with e-mails sent and failed, and
// mails whose keys the old trigger ignored. Then the portal starts and migrates it.
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const OTHER = '33333333-3333-4333-8333-333333333333';
let t: TestApp;
before(async () => {
  t = await createTestAppUpgradedFrom('announcement_mail_id', async (run) => {
    await run(sql`
      insert into announcements (id, title, summary, body, critical) values
        (${A}::uuid, 'Rotate keys', 's', 'b', true), (${B}::uuid, 'Outage', 's', 'b', true)`);
    await run(sql`
      insert into mail_outbox (idempotency_key, "to", subject, text, html, template, delivery, status) values
        (${`announcement:${A}:u1`}, 'u1@example.com', 's', 't', 'h', 'announcement.critical', 'outbox', 'sent'),
        (${`announcement:${A}:u2`}, 'u2@example.com', 's', 't', 'h', 'announcement.critical', 'smtp', 'failed'),
        (${`announcement:${B}:u1`}, 'u1@example.com', 's', 't', 'h', 'announcement.critical', 'outbox', 'sent'),
        ('announcement:not-an-id:u3', 'u3@example.com', 's', 't', 'h', 'announcement.critical', 'outbox', 'sent'),
        (${`collaborators.invitation:${OTHER}`}, 'u4@example.com', 's', 't', 'h', 'collaborators.invitation', 'outbox', 'sent')`);
  });
});
after(() => t.close());

const reachColumns = DERIVED_COLUMNS.filter(
  (entry) => entry.table === 'announcements' && entry.column !== 'read_count',
);

let admin: TestClient | undefined;
async function reach(id: string) {
  admin ??= (await t.asNewUser({ role: 'admin' })).client;
  return (await admin.get(`/api/v1/admin/notifications/${id}`)).json().reach as Record<string, number>;
}

test("the upgrade names each critical mail's announcement once, from its key; the counts stay", async () => {
  const rows = (await t.ctx.db.execute(
    sql`select idempotency_key as key, announcement_id as id from mail_outbox order by idempotency_key`,
  )) as unknown as { rows: Array<{ key: string; id: string | null }> };
  assert.deepEqual(
    rows.rows.map((row) => [row.key, row.id]),
    [
      ['announcement:11111111-1111-4111-8111-111111111111:u1', A],
      ['announcement:11111111-1111-4111-8111-111111111111:u2', A],
      ['announcement:22222222-2222-4222-8222-222222222222:u1', B],
      ['announcement:not-an-id:u3', null],
      ['collaborators.invitation:33333333-3333-4333-8333-333333333333', null],
    ],
  );
  assert.deepEqual(await reach(A), { read_count: 0, emails_sent: 1, emails_failed: 1 });
  assert.deepEqual(await reach(B), { read_count: 0, emails_sent: 1, emails_failed: 0 });
  assert.deepEqual(await findDrift(t.ctx.db, reachColumns), []);
});

test('after the upgrade the reach follows the column: a retry that delivers, a new recipient', async () => {
  const mail = { subject: 's', text: 't', html: 'h', template: 'announcement.critical', announcementId: A };
  const job = testJobRun('job');
  await sendMailJob.handler(
    { ...mail, to: 'u2@example.com', idempotencyKey: `announcement:${A}:u2` },
    t.ctx,
    job,
  );
  await sendMailJob.handler(
    { ...mail, to: 'u5@example.com', idempotencyKey: `announcement:${A}:u5` },
    t.ctx,
    job,
  );
  assert.deepEqual(await reach(A), { read_count: 0, emails_sent: 3, emails_failed: 0 });
  assert.deepEqual(await findDrift(t.ctx.db, reachColumns), []);
});
