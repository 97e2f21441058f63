import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../test/helpers.ts';
import { DataDirLockedError, openPglite } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';

/** Runs `work` while a 10 ms timer ticks; answers how late each tick was, in ms. */
async function timerLateness(work: () => Promise<unknown>): Promise<number[]> {
  const late: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    late.push(now - last - 10);
    last = now;
  }, 10);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return late;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * p)]!;

test('a slow query on the embedded database leaves the event loop free', async () => {
  const database = await openPglite();
  try {
    const started = performance.now();
    const late = await timerLateness(() => database.db.execute(sql`select pg_sleep(1)`));
    assert.ok(performance.now() - started >= 1000, 'the query really slept');
    // A blocked event loop ticks once in that second, ~1000 ms late. A busy machine delays the odd
    // tick by itself, hence the 90th percentile rather than the worst.
    assert.ok(late.length >= 30, `the timer ticked only ${late.length} times during the query`);
    const p90 = percentile(late, 0.9);
    assert.ok(p90 < 100, `a 10 ms timer ran ${Math.round(p90)} ms late (90th percentile)`);
  } finally {
    await database.close();
  }
});

test('the embedded database keeps shared_buffers small (its memory budget)', async () => {
  const database = await openPglite();
  try {
    const result = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
      rows: Array<{ shared_buffers: string }>;
    };
    assert.equal(result.rows[0]!.shared_buffers, '32MB');
  } finally {
    await database.close();
  }
});

test('/healthz answers at once while a query sleeps for a second', async () => {
  const t = await createTestApp();
  try {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await fetch(`${address}/healthz`); // warm the connection path
    let sleeping = true;
    const slow = t.ctx.db.execute(sql`select pg_sleep(1)`).finally(() => {
      sleeping = false;
    });
    const timings: number[] = [];
    await new Promise((resolve) => setTimeout(resolve, 100));
    while (sleeping && timings.length < 5) {
      const started = performance.now();
      const res = await fetch(`${address}/healthz`);
      assert.equal(res.status, 200);
      timings.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await slow;
    // A blocked server answers one check, after the query; a busy machine may slow one by itself.
    assert.ok(timings.length >= 3, `only ${timings.length} health checks ran during the query`);
    assert.ok(percentile(timings, 0.5) < 100, `/healthz took ${timings.map(Math.round).join(', ')} ms`);
  } finally {
    await t.close();
  }
});

test('a second process cannot open the same PGlite data dir', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-lock-'));
  const first = await openPglite(dir);
  await assert.rejects(openPglite(dir), (error: Error) => {
    assert.ok(error instanceof DataDirLockedError);
    assert.match(error.message, /in use by another portal process/);
    return true;
  });
  await first.close();
  const again = await openPglite(dir);
  await again.migrate();
  await again.ping();
  await again.close();
});

test('a lock held by a live process is refused; once that process is killed it is taken at once', async () => {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'portal-lock-')), 'pglite');
  const lockModule = path.join(import.meta.dirname, 'data-dir-lock.ts');
  const holder = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { lockDataDir } = await import(${JSON.stringify(lockModule)});
       await lockDataDir(${JSON.stringify(dir)}, 'locked');
       console.log('locked');
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    await once(holder.stdout!, 'data');
    await assert.rejects(lockDataDir(dir, 'in use'), DataDirLockedError);

    holder.kill('SIGKILL');
    await once(holder, 'exit');
    const started = performance.now();
    const release = await lockDataDir(dir, 'in use');
    assert.ok(performance.now() - started < 1000, 'the dead owner’s lock was taken without waiting');
    await assert.rejects(lockDataDir(dir, 'in use'), DataDirLockedError);
    await release();
  } finally {
    if (holder.exitCode === null) holder.kill('SIGKILL');
  }
});
