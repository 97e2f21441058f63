import assert from 'node:assert/strict';
import { test } from 'node:test';
import { and, count, eq, lt } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/helpers.ts';
import { sendMail } from './mail.ts';

const t = useTestApp();

const message = (to: string, key: string, bulk: boolean) => ({
  to,
  template: 'test',
  idempotencyKey: key,
  bulk,
  subject: `Hello ${to}`,
  text: 'Hello',
  html: '<p>Hello</p>',
});

const sent = async (where = eq(mailOutbox.template, 'test')) =>
  (await t.ctx.db.select({ n: count() }).from(mailOutbox).where(where))[0]!.n;

test('a confirmation queued behind a bulk send goes out first, and the worker drains the backlog', async () => {
  const BULK = 35;
  for (let i = 0; i < BULK; i++)
    await sendMail(t.ctx, message(`subscriber${i}@example.com`, `bulk:${i}`, true));
  await sendMail(t.ctx, message('waiting@example.com', 'confirm:1', false));

  await t.ctx.jobs.work(t.ctx);
  const deadline = Date.now() + 120_000;
  while ((await sent(eq(mailOutbox.to, 'waiting@example.com'))) === 0) {
    assert.ok(Date.now() < deadline, 'the confirmation was never sent');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // The worker takes jobs in batches in priority order, so the confirmation leads the first batch;
  // without priorities it would be sent after all 35 bulk messages. (Counted by when each message
  // was stored, not when the test looked: the worker goes on sending meanwhile.)
  const [confirmation] = await t.ctx.db
    .select({ at: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, 'waiting@example.com'));
  const before = await sent(and(eq(mailOutbox.template, 'test'), lt(mailOutbox.createdAt, confirmation!.at)));
  assert.ok(before < 10, `${before} bulk messages went out before it`);

  // Full batches are fetched again at once, so the rest follows without a poll per message.
  while ((await sent()) < BULK + 1) {
    assert.ok(Date.now() < deadline, `only ${await sent()} of ${BULK + 1} messages were sent`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
});
