// PostgreSQL restarted under a running portal (a throwaway cluster of our own, never the shared
// server): while it is down requests get a fast 503 in the error shape, not a hang or a crash; once
// it is back the same process serves again, job workers included.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { errorCode, json, type Session } from './support/http.ts';
import { excerpt, freePort, report, waitUntil } from './support/portal.ts';
import { adminQuery, createCluster } from './support/postgres.ts';
import { withFaultRun } from './support/run.ts';

const FAST_MS = 2_000;

type Probe = { what: string; status: number | string; ms: number; code?: string };

/** One round of the requests a portal serves: readiness, a read, a write. */
async function probe(session: Session): Promise<Probe[]> {
  const timed = async (what: string, call: () => Promise<{ status: number; body: Buffer }>) => {
    const started = Date.now();
    try {
      const res = await call();
      const code = res.status >= 400 ? (safeJson(res.body)?.code as string | undefined) : undefined;
      return { what, status: res.status, ms: Date.now() - started, ...(code ? { code } : {}) };
    } catch (error) {
      return { what, status: errorCode(error), ms: Date.now() - started };
    }
  };
  return Promise.all([
    timed('readyz', () => session.get('/readyz')),
    timed('list', () => session.get('/api/v1/developer_apps?per_page=5')),
    timed('create', () => session.post('/api/v1/developer_apps', { internal_name: 'While down' })),
  ]);
}

function safeJson(body: Buffer): Record<string, unknown> | undefined {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

test('PostgreSQL restarted under the server: fast 503s while down, recovery without a process restart', () =>
  withFaultRun('pg-restart', async (run) => {
    const cluster = createCluster(await freePort());
    run.onClose(() => cluster.destroy());
    await adminQuery(cluster.url, 'create database portal');
    const url = cluster.url.replace(/\/postgres$/, '/portal');
    const portal = await run.start({ DATABASE_URL: url });
    const session = await run.signIn(portal);
    for (const result of await probe(session)) assert.ok(Number(result.status) < 300, JSON.stringify(result));

    cluster.stop();
    const stoppedAt = Date.now();
    const down: Probe[] = [];
    for (let round = 0; round < 5; round++) {
      down.push(...(await probe(session)));
      await delay(300);
    }
    const slow = down.filter((result) => result.ms > FAST_MS);
    const wrong = down.filter(
      (result) => result.status !== 503 || (result.what !== 'readyz' && result.code !== 'unavailable'),
    );
    assert.equal(portal.child.exitCode, null, `the portal is still running:\n${excerpt(portal.output())}`);

    cluster.start();
    const startedAt = Date.now();
    await waitUntil(
      'the portal to serve again',
      async () => (await probe(session)).every((result) => Number(result.status) < 300),
      { timeoutMs: 30_000, everyMs: 200 },
    );
    const recoveredMs = Date.now() - startedAt;
    // Job workers came back too: a new app's sandbox is built.
    const created = json<{ id: string }>(
      await session.post('/api/v1/developer_apps', { internal_name: 'After' }),
    );
    await waitUntil(
      'the sandbox job to run after the restart',
      async () =>
        json<{ sandbox: { status: string } | null }>(
          await session.get(`/api/v1/developer_apps/${created.id}`),
        ).sandbox?.status === 'live',
      { timeoutMs: 30_000, everyMs: 250 },
    );
    report('postgres-restart', {
      requestsWhileDown: down.length,
      status503: down.filter((result) => result.status === 503).length,
      slowestMsWhileDown: Math.max(...down.map((result) => result.ms)),
      downForMs: startedAt - stoppedAt,
      recoveredMsAfterStart: recoveredMs,
    });
    assert.deepEqual(slow, [], `answers while PostgreSQL is down take under ${FAST_MS} ms`);
    assert.deepEqual(wrong, [], 'every answer while PostgreSQL is down is 503 unavailable');
    assert.equal(portal.child.exitCode, null, 'the same process recovered');
    portal.kill('SIGTERM');
    assert.equal((await portal.exited).code, 0);
  }));
