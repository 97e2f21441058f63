import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { countRows, EXACT_COUNT_LIMIT } from './count.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

test('counts exactly under the cap, estimates over it, and stays exact when filtered', async () => {
  assert.equal(await countRows(t.ctx.db, mailOutbox, 'mail_outbox'), 0);
  const rows = EXACT_COUNT_LIMIT + 500;
  await t.ctx.db.execute(sql`
    insert into mail_outbox (idempotency_key, "to", subject, text, html, template, delivery, status)
    select 'count-' || g, case when g % 2 = 0 then 'even@example.com' else 'odd@example.com' end, 's', 't', 'h', 'x', 'outbox', 'sent'
    from generate_series(1, ${rows}) g`);
  await t.ctx.db.execute(sql`analyze mail_outbox`);
  const estimate = await countRows(t.ctx.db, mailOutbox, 'mail_outbox');
  assert.ok(estimate > EXACT_COUNT_LIMIT && Math.abs(estimate - rows) / rows < 0.1, `estimate ${estimate}`);
  assert.equal(
    await countRows(t.ctx.db, mailOutbox, 'mail_outbox', eq(mailOutbox.to, 'even@example.com')),
    rows / 2,
  );
});
