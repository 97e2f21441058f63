// kill -9 while clients write, many times over one data dir / database: every write a client got a
// 2xx for is there after the restart, and the restart is immediate (no refused start, no stale lock).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createSession, json, type Session } from './http.ts';
import { type Portal, report, waitUntil } from './portal.ts';
import { type FaultRun, withFaultRun } from './run.ts';

const WRITERS = 4;

export const repeat = () => Number(process.env.FAULTS_KILL_REPEAT ?? 20);

type Summary = { id: string; sandbox_status: string };

/** Every app on My Apps, through the paged list. */
export async function listAllApps(session: Session): Promise<Summary[]> {
  const all: Summary[] = [];
  for (let page = 1; page <= 1_000; page++) {
    const res = await session.get(`/api/v1/developer_apps?per_page=100&page=${page}`);
    assert.equal(res.status, 200, res.body.toString());
    const rows = json<Summary[]>(res);
    all.push(...rows);
    if (rows.length < 100) return all;
  }
  throw new Error('more than 100,000 apps');
}

export function killDuringWrites(label: string, env: Record<string, string> = {}) {
  return withFaultRun(`kill9-${label}`, (run) => writeAndKill(run, label, env), env);
}

async function writeAndKill(run: FaultRun, label: string, env: Record<string, string>) {
  const acked = new Set<string>();
  const timings = { readyMs: [] as number[], lockMs: [] as number[], acked: [] as number[] };
  const start = async () => {
    const portal = await run.spawn();
    const lock = env.DATABASE_URL ? Promise.resolve(0) : lockTakenBy(run.dataDir, portal);
    timings.readyMs.push(await portal.ready());
    timings.lockMs.push(await lock);
    assert.doesNotMatch(portal.output(), /in use by another portal process/);
    return portal;
  };
  let portal = await start();
  const session = await run.signIn(portal);
  const cookies = session.cookies();
  let lastName = json<{ name: string }>(await session.get('/api/v1/me')).name;
  let unacknowledged: string[] = [];

  for (let cycle = 1; cycle <= repeat(); cycle++) {
    const writer = createSession(portal.origin);
    writer.restore(cookies);
    let killed = false;
    let ackedThisCycle = 0;
    const create = async (n: number) => {
      for (let i = 0; !killed && i < 10_000; i++) {
        try {
          const res = await writer.post('/api/v1/developer_apps', { internal_name: `K${cycle}-${n}-${i}` });
          // A 201 that arrived is acknowledged, however close to the kill.
          if (res.status !== 201) assert.fail(`create answered ${res.status}: ${res.body}`);
          acked.add(json<{ id: string }>(res).id);
          ackedThisCycle++;
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    // One writer renames the user, one request at a time: after the restart the name is the last
    // acknowledged one or one sent after it (in flight when the process died).
    const rename = async () => {
      for (let i = 0; !killed && i < 10_000; i++) {
        const name = `Dana ${cycle}-${i}`;
        unacknowledged.push(name);
        try {
          const res = await writer.patch('/api/v1/me', { name });
          if (res.status !== 200) assert.fail(`PATCH /me answered ${res.status}: ${res.body}`);
          lastName = name;
          unacknowledged = [];
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    const writers = [...Array.from({ length: WRITERS }, (_, n) => create(n)), rename()];
    await waitUntil('the first acknowledged write', () => ackedThisCycle > 0, { timeoutMs: 60_000 });
    // Anywhere in the first second of writing: early, mid-burst, or with many writes in flight.
    await delay(100 + Math.random() * 900);
    killed = true; // from here on, failures are the kill's
    portal.kill('SIGKILL');
    await portal.exited;
    await Promise.all(writers);
    writer.close();
    timings.acked.push(ackedThisCycle);

    portal = await start();
    const reader = createSession(portal.origin);
    reader.restore(cookies);
    const ids = new Set((await listAllApps(reader)).map((app) => app.id));
    const lost = [...acked].filter((id) => !ids.has(id));
    assert.deepEqual(lost, [], `cycle ${cycle}: acknowledged apps lost`);
    const me = json<{ name: string }>(await reader.get('/api/v1/me'));
    assert.ok(
      me.name === lastName || unacknowledged.includes(me.name),
      `cycle ${cycle}: name is ${me.name}, last acknowledged ${lastName}, sent since ${unacknowledged}`,
    );
    reader.close();
  }
  portal.kill('SIGTERM');
  assert.equal((await portal.exited).code, 0);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const max = (values: number[]) => Math.max(...values);
  const restarts = timings.readyMs.slice(1);
  report(`kill-9-writes-${label}`, {
    cycles: repeat(),
    ackedWrites: sum(timings.acked),
    lost: 0,
    restartReadyMsAvg: Math.round(sum(restarts) / Math.max(restarts.length, 1)),
    restartReadyMsMax: max(restarts),
    ...(env.DATABASE_URL ? {} : { lockTakenMsMax: max(timings.lockMs.slice(1)) }),
  });
}

/** ms from spawn until the data-dir lock names the new process as its owner. */
async function lockTakenBy(dataDir: string, portal: Portal): Promise<number> {
  const started = Date.now();
  const owner = path.join(dataDir, 'pglite.owner');
  await waitUntil(
    'the data-dir lock',
    () => {
      try {
        return JSON.parse(readFileSync(owner, 'utf8')).pid === portal.child.pid;
      } catch {
        return false;
      }
    },
    { timeoutMs: 120_000, everyMs: 20 },
  );
  return Date.now() - started;
}
