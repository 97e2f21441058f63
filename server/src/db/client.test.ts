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

/** Runs `work` while a 10 ms timer ticks; answers the worst delay of a tick past its due time. */
async function worstTimerDelay(work: () => Promise<unknown>): Promise<number> {
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 10);
    last = now;
  }, 10);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return worst;
}

test('a slow query on the embedded database leaves the event loop free', async () => {
  const database = await openPglite();
  try {
    const started = performance.now();
    const delay = await worstTimerDelay(() => database.db.execute(sql`select pg_sleep(1)`));
    assert.ok(performance.now() - started >= 1000, 'the query really slept');
    assert.ok(delay < 100, `a 10 ms timer was held up ${Math.round(delay)} ms`);
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
    assert.ok(timings.length >= 3, `only ${timings.length} health checks ran during the query`);
    assert.ok(Math.max(...timings) < 100, `/healthz took ${timings.map(Math.round).join(', ')} ms`);
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
