// The scale-out setup `npm run test:cluster` shares: INSTANCES portals on one PostgreSQL database, one
// Redis and the S3 test server, each with its own DATA_DIR (so a shared disk cannot fake shared
// storage), behind HAProxy running deploy/haproxy.cfg; and a rolling restart of them, one by one.
import assert from 'node:assert/strict';
import { startS3TestServer } from '../../src/test/s3-server.ts';
import { type Balancer, startBalancer } from './haproxy.ts';
import { freePort, type Portal } from './portal.ts';
import { createDatabase } from './postgres.ts';
import { startRedis } from './redis.ts';
import { type FaultRun, withFaultRun } from './run.ts';

export type Cluster = {
  run: FaultRun;
  balancer: Balancer;
  /** The database the instances share (a superuser URL: tests read it directly). */
  databaseUrl: string;
  /** The running instances, in the balancer's order (portal1, portal2, …); a restart replaces its entry. */
  portals: Portal[];
  dataDirs: string[];
  /** Starts instance `i` (0-based) on its port and data dir and waits until it is ready. */
  startInstance(i: number): Promise<Portal>;
};

export type RollStep = { instance: number; downMs: number; exitMs: number; backMs: number };

/**
 * Runs `scenario` on a fresh cluster of `instances` portals (with `env` beside the cluster's own) and
 * removes all of it afterwards, pass or fail — also what was started when a later part fails to start.
 */
export async function withCluster(
  label: string,
  { instances = 3, env = {} }: { instances?: number; env?: Record<string, string> },
  scenario: (cluster: Cluster) => Promise<void>,
): Promise<void> {
  const closers: Array<() => Promise<void> | void> = [];
  try {
    const database = await createDatabase(label);
    closers.push(() => database.drop());
    const redisPort = await freePort();
    const redis = startRedis(redisPort);
    closers.push(() => void redis.kill('SIGKILL'));
    const s3 = await startS3TestServer();
    closers.push(() => s3.close());
    const ports = await Promise.all(Array.from({ length: instances }, () => freePort()));
    const balancer = await startBalancer(ports);
    closers.push(() => balancer.stop());
    await withFaultRun(label, async (run) => {
      const clusterEnv = {
        DATABASE_URL: database.url,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        ...s3.env(label),
        PUBLIC_URL: balancer.origin,
        TRUST_PROXY: 'true',
        QUOTA_INSTANCES: String(instances),
        READINESS_DRAIN_MS: '2000',
        ...env,
      };
      const dataDirs = ports.map((_, i) => run.subDir(`instance-${i + 1}`));
      const startInstance = (i: number) => run.start(clusterEnv, { port: ports[i], dataDir: dataDirs[i] });
      // The first migrates the empty database and seeds the demo; then the others, together.
      const portals: Portal[] = [await startInstance(0)];
      portals.push(...(await Promise.all(ports.slice(1).map((_, i) => startInstance(i + 1)))));
      for (let i = 0; i < instances; i++) await balancer.waitFor(`portal${i + 1}`, 'UP');
      await scenario({ run, balancer, databaseUrl: database.url, portals, dataDirs, startInstance });
    });
  } finally {
    for (const close of closers.reverse()) await close();
  }
}

/**
 * Restarts every instance in turn the way an orchestrator would: SIGTERM, the balancer marks it DOWN,
 * it exits 0 after its drain, a new process starts on its port and the balancer marks it UP again.
 */
export async function rollingRestart(cluster: Cluster): Promise<RollStep[]> {
  const steps: RollStep[] = [];
  for (let i = 0; i < cluster.portals.length; i++) {
    const name = `portal${i + 1}`;
    const stopping = cluster.portals[i]!;
    const sigtermAt = Date.now();
    stopping.kill('SIGTERM');
    await cluster.balancer.waitFor(name, 'DOWN');
    const downMs = Date.now() - sigtermAt;
    const exit = await stopping.exited;
    assert.equal(exit.code, 0, stopping.output().slice(-2000));
    cluster.portals[i] = await cluster.startInstance(i);
    await cluster.balancer.waitFor(name, 'UP', 60_000);
    steps.push({ instance: i + 1, downMs, exitMs: exit.at - sigtermAt, backMs: Date.now() - sigtermAt });
  }
  return steps;
}
