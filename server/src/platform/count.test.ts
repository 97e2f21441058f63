import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { listTotal } from './count.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const outbox = (where?: ReturnType<typeof eq>) => ({ from: sql`${mailOutbox}`, table: 'mail_outbox', where });

test('exact under the cap; the table estimate over it; filtered lists estimate through the planner', async () => {
  assert.deepEqual(await listTotal(t.ctx.db, outbox(), 100), { total: 0, exact: true });
  const rows = 1000;
  await t.ctx.db.execute(sql`
    insert into mail_outbox (idempotency_key, "to", subject, text, html, template, delivery, status)
    select 'count-' || g, case when g % 10 = 0 then 'tenth@example.com' else 'other@example.com' end, 's', 't', 'h', 'x', 'outbox', 'sent'
    from generate_series(1, ${rows}) g`);
  assert.deepEqual(await listTotal(t.ctx.db, outbox(), 2000), { total: rows, exact: true });
  // Past the cap: never less than what was counted, and no longer exact.
  const capped = await listTotal(t.ctx.db, outbox(), 600);
  assert.ok(capped.total >= 601 && !capped.exact, JSON.stringify(capped));
  await t.ctx.db.execute(sql`analyze mail_outbox`);

  const estimated = await listTotal(t.ctx.db, outbox(), 600);
  assert.equal(estimated.exact, false);
  assert.ok(Math.abs(estimated.total - rows) <= rows * 0.1, `estimate ${estimated.total}`);
  // Far past the cap the estimate alone answers (no count).
  assert.deepEqual(await listTotal(t.ctx.db, outbox(), 100), { total: estimated.total, exact: false });

  const tenth = outbox(eq(mailOutbox.to, 'tenth@example.com'));
  assert.deepEqual(await listTotal(t.ctx.db, tenth, 100), { total: 100, exact: true });
  const overFiltered = await listTotal(t.ctx.db, tenth, 50);
  assert.equal(overFiltered.exact, false);
  assert.ok(
    overFiltered.total >= 51 && Math.abs(overFiltered.total - 100) <= 30,
    `estimate ${overFiltered.total}`,
  );
});
