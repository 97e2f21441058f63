import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { useTestApp } from '../test/helpers.ts';
import { createJobs, defineJob } from './jobs.ts';
import { createLogger } from './logger.ts';

const t = useTestApp();

type Line = { level: number; msg: string };

test('a run the shutdown gives up on stops at its signal, is logged as cut short, and runs again', async () => {
  const lines: Line[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Line);
      done();
    },
  });
  const started: number[] = [];
  let isRunning = () => {};
  const running = new Promise<void>((resolve) => {
    isRunning = resolve;
  });
  const slow = defineJob({
    name: 'test.slow',
    schema: z.object({ n: z.number() }),
    handler: async ({ n }, _context, job) => {
      started.push(n);
      isRunning();
      while (!job.signal.aborted) await sleep(10);
      // What a handler meets once the server closes its database.
      throw new Error('Database not opened');
    },
  });
  const definitions = [slow] as unknown as Parameters<typeof createJobs>[1];
  const jobs = await createJobs(t.ctx.database, definitions, createLogger('info', { destination }));
  try {
    // Both are fetched in one batch: the second waits behind the first.
    await jobs.send(slow, { n: 1 });
    await jobs.send(slow, { n: 2 });
    await jobs.work({});
    await running;
    await jobs.stopWorkers(1_000);

    const deadline = Date.now() + 10_000;
    while (!lines.some((line) => line.msg.includes('cut short'))) {
      assert.ok(Date.now() < deadline, `no line said the run was cut short: ${JSON.stringify(lines)}`);
      await sleep(10);
    }
    // pg-boss may hand the two over in either order; only the one that ran first started.
    assert.equal(started.length, 1, 'the rest of the given-up batch did not start');
    assert.equal(lines.filter((line) => line.level >= 50).length, 0, 'nothing logged as an error');
    const states = (await t.ctx.db.execute(
      sql`select state from pgboss.job where name = ${slow.name} order by data->>'n'`,
    )) as unknown as { rows: Array<{ state: string }> };
    assert.deepEqual(
      states.rows.map((row) => row.state),
      ['retry', 'retry'],
      'both run again',
    );
  } finally {
    await jobs.stop();
  }
});
