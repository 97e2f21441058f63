import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/helpers.ts';
import { ESTIMATE_TTL_MS, estimateListRows, forgetEstimates } from './count.ts';
import { seekKey } from './histogram-seek.ts';

const t = useTestApp();

const outbox = (where?: ReturnType<typeof eq>) => ({ from: sql`${mailOutbox}`, table: 'mail_outbox', where });

test('estimates come from the planner: the table for unfiltered lists, EXPLAIN for filtered ones', async () => {
  const rows = 2000;
  await t.ctx.db.execute(sql`
    insert into mail_outbox (idempotency_key, "to", subject, text, html, template, delivery, status)
    select 'count-' || g, case when g % 10 = 0 then 'tenth@example.com' else 'other@example.com' end, 's', 't', 'h', 'x', 'outbox', 'sent'
    from generate_series(1, ${rows}) g`);
  await t.ctx.db.execute(sql`analyze mail_outbox`);
  const all = await estimateListRows(t.ctx.db, outbox());
  assert.ok(all !== undefined && Math.abs(all - rows) <= rows * 0.1, `table estimate ${all}`);
  const tenth = await estimateListRows(t.ctx.db, outbox(eq(mailOutbox.to, 'tenth@example.com')));
  assert.ok(tenth !== undefined && Math.abs(tenth - rows / 10) <= rows * 0.03, `filter estimate ${tenth}`);
  assert.equal(await estimateListRows(t.ctx.db, { ...outbox(), table: 'no_such_table' }), undefined);
});

test('a list’s estimate is planned once per ESTIMATE_TTL_MS, per filter and per database', async () => {
  forgetEstimates(t.ctx.db);
  const tenth = outbox(eq(mailOutbox.to, 'tenth@example.com'));
  const first = estimateListRows(t.ctx.db, tenth, 1_000);
  assert.equal(estimateListRows(t.ctx.db, tenth, 1_000 + ESTIMATE_TTL_MS - 1), first);
  assert.notEqual(estimateListRows(t.ctx.db, outbox(eq(mailOutbox.to, 'other@example.com')), 1_000), first);
  const later = estimateListRows(t.ctx.db, tenth, 1_000 + ESTIMATE_TTL_MS);
  assert.notEqual(later, first);
  assert.equal(await later, await first);
  forgetEstimates(t.ctx.db);
  assert.notEqual(estimateListRows(t.ctx.db, tenth, 1_000 + ESTIMATE_TTL_MS), later);
});

test('a filter built once with a placeholder is estimated per value, planned or searched', async () => {
  forgetEstimates(t.ctx.db);
  // The outbox as the first test left it: 200 to tenth@, 1,800 to other@ (ANALYZEd).
  const to = eq(mailOutbox.to, sql.placeholder('to'));
  const shaped = (value: string, keptPlan: boolean) => ({
    ...outbox(to),
    keptPlan,
    shape: { name: 'outbox by recipient', values: { to: value } },
  });
  for (const keptPlan of [true, false]) {
    const tenth = await estimateListRows(t.ctx.db, shaped('tenth@example.com', keptPlan));
    const other = await estimateListRows(t.ctx.db, shaped('other@example.com', keptPlan));
    assert.ok(tenth !== undefined && tenth < 400, `tenth@ ${tenth} (kept plan: ${keptPlan})`);
    assert.ok(other !== undefined && other > 1_400, `other@ ${other} (kept plan: ${keptPlan})`);
  }
});

test('a sort key’s histogram is read once per ESTIMATE_TTL_MS, like an estimate', async () => {
  const sort = {
    name: 'subject',
    descending: false,
    keys: [
      { sql: mailOutbox.subject, type: 'text' as const },
      { sql: mailOutbox.id, type: 'uuid' as const },
    ],
    histogram: { table: 'mail_outbox', column: 'subject' },
  };
  await t.ctx.db.execute(sql`update mail_outbox set subject = 'before-' || idempotency_key`);
  await t.ctx.db.execute(sql`analyze mail_outbox`);
  forgetEstimates(t.ctx.db);
  const before = await seekKey(t.ctx.db, sort, 0.5, 2000);
  assert.match(before?.values[0] ?? '', /^before-/);
  await t.ctx.db.execute(sql`update mail_outbox set subject = 'after-' || idempotency_key`);
  await t.ctx.db.execute(sql`analyze mail_outbox`);
  assert.deepEqual(await seekKey(t.ctx.db, sort, 0.5, 2000), before, 'the histogram is reused');
  forgetEstimates(t.ctx.db);
  assert.match((await seekKey(t.ctx.db, sort, 0.5, 2000))?.values[0] ?? '', /^after-/);
});

test('text and integer sort keys keep 300 histogram buckets (migrations 0018, 0019)', async () => {
  const result = (await t.ctx.db.execute(sql`
    select c.relname || '.' || a.attname as col, a.attstattarget as target
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    where (c.relname, a.attname) in (('developer_apps', 'internal_name'), ('oauth_applications', 'client_id'),
      ('oauth_applications', 'app_internal_name'), ('users', 'name'), ('users', 'email'), ('users', 'procore_id'),
      ('announcements', 'title'))
    order by 1`)) as unknown as { rows: Array<{ col: string; target: number }> };
  assert.deepEqual(
    result.rows.map((row) => `${row.col} ${row.target}`),
    [
      'announcements.title 300',
      'developer_apps.internal_name 300',
      'oauth_applications.app_internal_name 300',
      'oauth_applications.client_id 300',
      'users.email 300',
      'users.name 300',
      'users.procore_id 300',
    ],
  );
});

test('a key with common values seeks inside them: through the tie key’s histogram, or by skipping', async () => {
  // 1,800 rows to other@, 200 to tenth@ (the first test's rows): two most common values, no histogram.
  const byTo = (ties: boolean, descending: boolean) => ({
    name: 'to',
    descending,
    keys: [
      { sql: mailOutbox.to, type: 'text' as const },
      { sql: mailOutbox.id, type: 'uuid' as const },
    ],
    histogram: {
      table: 'mail_outbox',
      column: 'to',
      ...(ties ? { ties: { table: 'mail_outbox', column: 'id' } } : {}),
    },
  });
  await t.ctx.db.execute(sql`analyze mail_outbox`);
  forgetEstimates(t.ctx.db);
  const order = (
    (await t.ctx.db.execute(
      sql`select "to", id::text as id from mail_outbox order by "to", id`,
    )) as unknown as {
      rows: Array<{ to: string; id: string }>;
    }
  ).rows;
  assert.equal(order.length, 2000);
  // Ascending position of the first row at or after (to, id) in the list's direction.
  const landing = (seek: { values: string[]; skip: number }, descending: boolean) => {
    const [to, id] = seek.values;
    const at = descending
      ? order.findLastIndex((row) => row.to < to! || (row.to === to && (id === undefined || row.id <= id)))
      : order.findIndex((row) => row.to > to! || (row.to === to && (id === undefined || row.id >= id)));
    return descending ? at - seek.skip : at + seek.skip;
  };
  for (const descending of [false, true]) {
    for (const ties of [true, false]) {
      // 45 % down the list: inside other@'s rows ascending, inside them too descending (55 % up).
      const seek = await seekKey(t.ctx.db, byTo(ties, descending), 0.45, 2000);
      assert.ok(seek, 'the statistics answered');
      assert.equal(seek.values[0], 'other@example.com');
      assert.equal(seek.values.length, ties ? 2 : 1);
      if (ties) assert.equal(seek.skip, 0, 'a tie key to seek to, nothing to skip');
      const expected = descending ? 2000 - 1 - 900 : 900;
      const landed = landing(seek, descending);
      assert.ok(
        Math.abs(landed - expected) <= 100,
        `${descending ? 'desc' : 'asc'} ${ties}: row ${landed}, not ${expected}`,
      );
    }
  }
  // 95 %: inside tenth@'s rows ascending.
  const late = await seekKey(t.ctx.db, byTo(true, false), 0.95, 2000);
  assert.equal(late?.values[0], 'tenth@example.com');
});
