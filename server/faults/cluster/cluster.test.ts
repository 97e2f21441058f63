// `npm run test:cluster` (issue 28): three portal processes on one PostgreSQL database, one Redis and
// the S3 test server, each with its own DATA_DIR (so a shared disk cannot fake shared storage), behind
// HAProxy running deploy/haproxy.cfg on loopback. A session works on every instance and a sign-out on
// one is refused on the others; an upload through one instance is served by the others; the three are
// restarted one by one under steady mixed load with 0 failed requests and 0 connection resets.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { INSTANCE_HEADER } from '../../src/platform/http/security-headers.ts';
import { startS3TestServer } from '../../src/test/s3-server.ts';
import { startBalancer } from '../support/haproxy.ts';
import { createSession, errorCode, json, RESET_CODES, type Session } from '../support/http.ts';
import { DEVELOPER, freePort, type Portal, report, waitUntil } from '../support/portal.ts';
import { createDatabase } from '../support/postgres.ts';
import { startRedis } from '../support/redis.ts';
import { withFaultRun } from '../support/run.ts';
import { logoForm, randomPng } from '../support/upload.ts';

const INSTANCES = 3;
const WORKERS = 8;
/** Requests a second each load worker aims at (all of them: WORKERS × this). */
const WORKER_RATE = 15;

test('three instances behind HAProxy: shared sessions and uploads, a rolling restart with 0 failed requests', async (t) => {
  const database = await createDatabase('cluster');
  const redisPort = await freePort();
  const redis = startRedis(redisPort);
  const s3 = await startS3TestServer();
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  const balancer = await startBalancer(ports);
  try {
    await withFaultRun('cluster', async (run) => {
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        ...s3.env('cluster'),
        PUBLIC_URL: balancer.origin,
        TRUST_PROXY: 'true',
        QUOTA_INSTANCES: String(INSTANCES),
        READINESS_DRAIN_MS: '2000',
      };
      const dataDirs = ports.map((_, i) => run.subDir(`instance-${i + 1}`));
      const startInstance = (i: number) => run.start(env, { port: ports[i], dataDir: dataDirs[i] });
      // The first migrates the empty database and seeds the demo; then the others, together.
      const portals: Portal[] = [await startInstance(0)];
      portals.push(...(await Promise.all(ports.slice(1).map((_, i) => startInstance(i + 1)))));
      for (let i = 0; i < INSTANCES; i++) await balancer.waitFor(`portal${i + 1}`, 'UP');

      const user = await run.signIn(portals[0]!);
      const cookies = user.cookies();
      /** A session with `cookies` on `origin` (an instance, or the balancer), closed at the end. */
      const sessionOn = (origin: string, agent?: http.Agent) => {
        const session = createSession(origin, agent);
        session.restore(cookies);
        run.onClose(() => session.close());
        return session;
      };

      await t.test('a session works on every instance, through the balancer and directly', async () => {
        const viaBalancer = sessionOn(balancer.origin);
        const seen = new Set<string>();
        for (let i = 0; i < 3 * INSTANCES; i++) {
          const res = await viaBalancer.get('/api/v1/me');
          assert.equal(res.status, 200, res.body.toString());
          assert.equal(json<{ email: string }>(res).email, DEVELOPER);
          seen.add(String(res.headers[INSTANCE_HEADER]));
        }
        assert.equal(seen.size, INSTANCES, `the balancer spread the requests: ${[...seen]}`);
        for (const portal of portals) {
          const res = await sessionOn(portal.origin).get('/api/v1/me');
          assert.equal(res.status, 200, `${portal.origin}: ${res.body}`);
        }
      });

      await t.test('an upload through one instance is served by the others', async () => {
        const viaFirst = sessionOn(portals[0]!.origin);
        const created = await viaFirst.post('/api/v1/developer_apps', { internal_name: 'Cluster logo' });
        assert.equal(created.status, 201, created.body.toString());
        const appId = json<{ id: string }>(created).id;
        const png = randomPng(96, 96);
        const form = logoForm(png);
        const uploaded = await viaFirst.send({
          method: 'PUT',
          path: `/api/v1/developer_apps/${appId}`,
          headers: { 'content-type': form.contentType },
          body: form.body,
        });
        assert.equal(uploaded.status, 200, uploaded.body.toString());
        const url = json<{ thumbnail_url: string }>(uploaded).thumbnail_url;
        for (const portal of portals.slice(1)) {
          const res = await sessionOn(portal.origin).get(url);
          assert.equal(res.status, 200, `${portal.origin}: ${res.body}`);
          assert.deepEqual(res.body, png, `${portal.origin} serves the bytes uploaded through another`);
        }
        for (const dir of dataDirs)
          assert.equal(existsSync(path.join(dir, 'uploads', 'logos')), false, `nothing stored in ${dir}`);
      });

      await t.test('a sign-out on one instance is refused on the others at once', async () => {
        const other = await run.signIn(portals[1]!);
        const oldCookies = other.cookies();
        const out = await other.post('/api/v1/auth/sign_out');
        assert.ok(out.status < 300, `sign-out answered ${out.status}`);
        const signedOutAt = Date.now();
        const refusedAfter = await Promise.all(
          [portals[0]!, portals[2]!].map(async (portal) => {
            const stale = createSession(portal.origin);
            run.onClose(() => stale.close());
            stale.restore(oldCookies);
            await waitUntil(
              `the old cookie to be refused on ${portal.origin}`,
              async () => (await stale.get('/api/v1/me')).status === 401,
              { timeoutMs: 5_000, everyMs: 10 },
            );
            return Date.now() - signedOutAt;
          }),
        );
        report('cluster-sign-out', { refusedAfterMs: Math.max(...refusedAfter) });
        assert.ok(Math.max(...refusedAfter) <= 100, `refused after ${refusedAfter} ms`);
      });

      await t.test('rolling restart of all three under mixed load: 0 failed requests, 0 resets', async () => {
        const load = await startLoad(balancer.origin, sessionOn);
        await delay(1_500);
        const roll: Array<Record<string, number>> = [];
        for (let i = 0; i < INSTANCES; i++) {
          const name = `portal${i + 1}`;
          const stopping = portals[i]!;
          const sigtermAt = Date.now();
          stopping.kill('SIGTERM');
          await balancer.waitFor(name, 'DOWN');
          const downMs = Date.now() - sigtermAt;
          const exit = await stopping.exited;
          assert.equal(exit.code, 0, stopping.output().slice(-2000));
          portals[i] = await startInstance(i);
          await balancer.waitFor(name, 'UP', 30_000);
          roll.push({ instance: i + 1, downMs, exitMs: exit.at - sigtermAt, backMs: Date.now() - sigtermAt });
        }
        await delay(1_500);
        const result = await load.stop();
        const servers = await balancer.servers();
        for (const step of roll) report('cluster-roll-step', step);
        report('cluster-rolling-restart', {
          requests: result.requests,
          rps: Math.round(result.requests / (result.ms / 1000)),
          failed: result.failures.length,
          resets: result.resets,
          p50Ms: result.percentile(50),
          p99Ms: result.percentile(99),
          maxMs: result.percentile(100),
          instancesSeen: result.instances.size,
          lbRetries: servers.reduce((sum, server) => sum + server.retries, 0),
          lbRedispatches: servers.reduce((sum, server) => sum + server.redispatches, 0),
        });
        assert.deepEqual(result.failures.slice(0, 20), [], 'no request failed');
        assert.equal(result.resets, 0);
        assert.ok(result.requests > 500, `only ${result.requests} requests during the roll`);
        // Three instances before the roll and three new ones after it answered.
        assert.equal(result.instances.size, 2 * INSTANCES, [...result.instances].join(' '));
      });
    });
  } finally {
    await balancer.stop();
    redis.kill('SIGKILL');
    await s3.close();
    await database.drop();
  }
});

type LoadResult = {
  requests: number;
  ms: number;
  failures: string[];
  resets: number;
  instances: Set<string>;
  percentile(p: number): number;
};

/**
 * WORKERS signed-in clients, each with its own keep-alive connections to the balancer, at a steady
 * WORKER_RATE: lists, /me, creates with an Idempotency-Key, logo uploads and logo downloads.
 */
async function startLoad(
  origin: string,
  sessionOn: (origin: string, agent?: http.Agent) => Session,
): Promise<{ stop(): Promise<LoadResult> }> {
  const latencies: number[] = [];
  const failures: string[] = [];
  const instances = new Set<string>();
  let resets = 0;
  let stopping = false;
  const started = Date.now();

  const worker = async (n: number) => {
    const session = sessionOn(origin, new http.Agent({ keepAlive: true, maxSockets: 1 }));
    const created = await session.post('/api/v1/developer_apps', { internal_name: `Load app ${n}` });
    if (created.status !== 201) throw new Error(`setup: ${created.status} ${created.body}`);
    const appId = json<{ id: string }>(created).id;
    let logoUrl: string | undefined;
    for (let i = 0; !stopping; i++) {
      const began = Date.now();
      const kind = ['list', 'list', 'list', 'me', 'me', 'create', 'create', 'upload', 'logo', 'list'][
        i % 10
      ]!;
      try {
        let res: Awaited<ReturnType<Session['get']>>;
        let expected = 200;
        if (kind === 'list') res = await session.get('/api/v1/developer_apps?per_page=5');
        else if (kind === 'me') res = await session.get('/api/v1/me');
        else if (kind === 'create') {
          expected = 201;
          res = await session.send({
            method: 'POST',
            path: '/api/v1/developer_apps',
            headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
            body: JSON.stringify({ internal_name: `Load ${n}-${i}` }),
          });
        } else if (kind === 'upload') {
          const form = logoForm(randomPng(48, 48));
          res = await session.send({
            method: 'PUT',
            path: `/api/v1/developer_apps/${appId}`,
            headers: { 'content-type': form.contentType },
            body: form.body,
          });
          if (res.status === 200) logoUrl = json<{ thumbnail_url: string }>(res).thumbnail_url;
        } else res = await session.get(logoUrl ?? '/api/v1/me');
        latencies.push(Date.now() - began);
        instances.add(String(res.headers[INSTANCE_HEADER]));
        if (res.status !== expected)
          failures.push(
            `${kind} ${res.status} ${res.body.toString().slice(0, 200)} at +${began - started} ms`,
          );
      } catch (error) {
        const code = errorCode(error);
        if (RESET_CODES.has(code)) resets++;
        failures.push(`${kind} ${code} at +${began - started} ms`);
      }
      await delay(Math.max(0, 1000 / WORKER_RATE - (Date.now() - began)));
    }
  };
  const workers = Array.from({ length: WORKERS }, (_, n) => worker(n));
  // Every worker has its app before the caller goes on.
  await waitUntil('the load to start', () => latencies.length >= WORKERS, { timeoutMs: 30_000, everyMs: 20 });
  return {
    async stop() {
      stopping = true;
      await Promise.all(workers);
      const ms = Date.now() - started;
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        requests: latencies.length + failures.filter((f) => !/^\w+ \d{3} /.test(f)).length,
        ms,
        failures,
        resets,
        instances,
        percentile: (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0,
      };
    },
  };
}
