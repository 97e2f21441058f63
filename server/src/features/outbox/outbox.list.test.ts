import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { assertPaged, assertPagedOverCap, assertRefusesBadPaging } from '../../platform/list/testkit.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';

let t: TestApp;
let admin: TestClient;
/** Ids newest first. */
let all: string[];
before(async () => {
  t = await createTestApp();
  admin = (await t.asNewUser({ role: 'admin' })).client;
  await t.ctx.db.execute(sql`
    insert into mail_outbox (idempotency_key, "to", subject, text, html, template, delivery, status, created_at)
    select 'o-' || g, case when g % 3 = 0 then 'Team.Lead' || g || '@Example.com' else 'dev' || g || '@example.com' end,
           'Subject ' || g, 't', 'h', 'x', 'outbox', 'sent', timestamptz '2026-03-01' + (g || ' seconds')::interval
    from generate_series(1, 23) g`);
  const rows = await t.ctx.db.execute(sql`select id from mail_outbox order by created_at desc, id desc`);
  all = (rows as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
});
after(() => t.close());

test('pages newest first with Total, Per-Page and Link; cursors walk both ways', async () => {
  assert.ok(all.length >= 23);
  await assertPaged(admin, '/api/v1/admin/outbox', all, 5);
  await assertPaged(admin, '/api/v1/admin/outbox', all, 100);
});

test('past the exact-count cap the pages still list every row once', async () => {
  await t.withLimits({ exactCount: 4 }, () => assertPagedOverCap(admin, '/api/v1/admin/outbox', all, 5, 4));
});

test('"to" matches part of the address, case-insensitively, and pages like the rest', async () => {
  const res = await admin.get('/api/v1/admin/outbox?to=team.lead&per_page=100');
  assert.equal(res.statusCode, 200);
  const to = res.json().map((m: { to: string }) => m.to);
  assert.equal(to.length, 7);
  assert.ok(to.every((address: string) => /team\.lead\d+@example\.com/i.test(address)));
  assert.equal(res.headers.total, '7');
  const leads = res.json().map((m: { id: string }) => m.id);
  await assertPaged(admin, '/api/v1/admin/outbox?to=LEAD', leads, 3);
  assert.equal((await admin.get('/api/v1/admin/outbox?to=lead1_')).json().length, 0, '_ is literal');
  assert.equal(
    (await admin.get('/api/v1/admin/outbox?to=%20%20')).headers.total,
    String(all.length),
    'blank is no filter',
  );
});

test('bad paging and too-short searches are refused', async () => {
  await assertRefusesBadPaging(admin, '/api/v1/admin/outbox', 100, ['to=ab']);
  const res = await admin.get('/api/v1/admin/outbox?to=ab');
  assert.deepEqual(res.json().fields.to, ['Enter at least 3 characters to search']);
});

test('developers cannot read the outbox', async () => {
  const { client } = await t.asNewUser();
  assert.equal((await client.get('/api/v1/admin/outbox')).statusCode, 403);
});
