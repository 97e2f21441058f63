// `npm run bench`: seeds issue #8's sizes set-based, starts the real portal in a child process and
// measures it over HTTP with autocannon; on PGlite, and on PostgreSQL when a URL is set. Prints a
// markdown table against the targets and writes the full figures as JSON. See docs/benchmarks.md.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { cookieHeader, signIn } from '../../scripts/harness/sign-in.ts';
import { type Offered, offeredRate } from './load.ts';
import {
  type Cookies,
  measureLists,
  measureRatios,
  measureUnreadCount,
  type Ratios,
  type Settings,
} from './measure.ts';
import { measureOffered, measureThroughput, settle } from './measure-rates.ts';
import { type RunningServer, startBare, startPortal } from './processes.ts';
import { checksOf, type DatabaseResult, markdownTable, type SeedResult } from './report.ts';
import { BENCH_ADMIN, BENCH_DEVELOPER, BENCH_PASSWORD } from './seed.ts';
import { seedSizes } from './seed-sizes.ts';
import { openTarget, plannedTargets, postgresVersion, type Target } from './targets.ts';

const env = process.env;
const number = (name: string, fallback: number) => {
  const value = env[name] ? Number(env[name]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

const rows = number('BENCH_ROWS', 1_000_000);
const settings: Settings = {
  ratioSeconds: number('BENCH_RATIO_SECONDS', 5),
  ratioRounds: number('BENCH_ROUNDS', 3),
  connections: number('BENCH_CONNECTIONS', 10),
  sampleSeconds: number('BENCH_SAMPLE_SECONDS', 2),
  rate: number('BENCH_RATE', 500),
  rateSeconds: number('BENCH_DURATION', 30),
  rateConnections: number('BENCH_RATE_CONNECTIONS', 50),
};
const machine = {
  cpus: os.availableParallelism(),
  cpu: os.cpus()[0]?.model ?? 'unknown',
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  os: `${os.type()} ${os.release()}`,
  node: process.version,
  loadAverageAtStart: os.loadavg().map((n) => Number(n.toFixed(2))),
};

// Ctrl-C: the children get the signal too (the portal shuts down cleanly); drop what we created.
const open = new Set<Target>();
process.once('SIGINT', async () => {
  for (const target of open) await target.drop().catch(() => undefined);
  process.exit(130);
});

async function seedTarget(target: Target): Promise<SeedResult> {
  const child = fork(path.join(import.meta.dirname, 'seed-main.ts'), {
    env: {
      ...env,
      BENCH_ROWS: String(rows),
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl ?? '',
    },
  });
  const result = once(child, 'message') as Promise<[SeedResult]>;
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`seeding failed (exit ${code})`);
  return (await result)[0];
}

async function benchTarget(kind: 'pglite' | 'postgres'): Promise<DatabaseResult> {
  const target = await openTarget(kind, env);
  open.add(target);
  let portal: RunningServer | undefined;
  try {
    const label = target.databaseUrl ? `PostgreSQL ${await postgresVersion(target.databaseUrl)}` : 'PGlite';
    console.log(`\n## ${label}: seeding ${rows.toLocaleString('en-US')} rows per table`);
    const seed = await seedTarget(target);
    console.log(`seeded in ${seed.seconds.toFixed(0)} s; starting the portal`);

    portal = await startPortal(target);
    const startupPeakMb = portal.memory().peakMb;
    await sleep(3000);
    const idleRssMb = portal.memory().rssMb;
    console.log(`portal at ${portal.url} (start-up peak ${startupPeakMb} MB, idle ${idleRssMb} MB)`);

    const cookies: Cookies = {
      developer: cookieHeader(await signIn(portal.url, BENCH_DEVELOPER, BENCH_PASSWORD)),
      admin: cookieHeader(await signIn(portal.url, BENCH_ADMIN, BENCH_PASSWORD)),
    };
    const bare = await startBare({ securityHeaders: false });
    const bareWithHeaders = await startBare({ securityHeaders: true });
    let ratios: Ratios;
    let bareOffered: Offered;
    try {
      console.log('measuring the hook-chain and /me ratios');
      ratios = await measureRatios(portal, { bare, bareWithHeaders }, cookies, settings);
      // The same offered rate against bare node:http: the floor this machine and client allow.
      bareOffered = await offeredRate(`${bare.url}/healthz`, {
        rate: settings.rate,
        seconds: settings.rateSeconds,
        connections: settings.rateConnections,
      });
    } finally {
      await bare.stop();
      await bareWithHeaders.stop();
    }
    await settle(portal.url);
    console.log('timing the lists (one connection)');
    const lists = await measureLists(portal.url, cookies, settings);
    const unreadCount = await measureUnreadCount(portal.url, cookies, settings);
    await settle(portal.url);
    console.log(`offering ${settings.rate} req/s for ${settings.rateSeconds} s per list`);
    const offered = await measureOffered(portal.url, cookies, settings);
    console.log(`the most each of issue 29's lists answers at ${settings.rateConnections} connections`);
    const db = target.databaseUrl ? new pg.Client({ connectionString: target.databaseUrl }) : undefined;
    await db?.connect();
    const throughputs = await measureThroughput(portal.url, cookies, settings, {
      pid: portal.pid,
      db,
    }).finally(() => db?.end());
    const memory = { startupPeakMb, idleRssMb, peakAfterLoadMb: portal.memory().peakMb };
    const result: DatabaseResult = {
      db: kind,
      label,
      seed,
      memory,
      ratios,
      lists,
      unreadCount,
      offered: [{ name: 'bare node:http /healthz', path: '/healthz', ...bareOffered }, ...offered],
      throughput: throughputs,
    };
    console.log(`\n${markdownTable([{ label, checks: checksOf(result, settings) }])}`);
    return result;
  } finally {
    await portal?.stop();
    await target.drop();
    open.delete(target);
  }
}

const started = new Date();
console.log(
  `# npm run bench — ${started.toISOString()}, ${machine.cpus} × ${machine.cpu}, load average ${machine.loadAverageAtStart.join(' ')}`,
);
console.log(`sizes: ${JSON.stringify(seedSizes(rows))}; settings: ${JSON.stringify(settings)}`);
const results: DatabaseResult[] = [];
for (const kind of plannedTargets(env)) results.push(await benchTarget(kind));

const table = markdownTable(results.map((r) => ({ label: r.label, checks: checksOf(r, settings) })));
console.log(`\n# Summary (${rows.toLocaleString('en-US')} rows)\n\n${table}`);

const out =
  env.BENCH_OUT ??
  path.join(
    import.meta.dirname,
    'results',
    `${results.map((r) => r.db).join('+')}-${started.toISOString().slice(0, 16).replace(':', '')}.json`,
  );
mkdirSync(path.dirname(out), { recursive: true });
const loadAverageAtEnd = os.loadavg().map((n) => Number(n.toFixed(2)));
writeFileSync(
  out,
  `${JSON.stringify({ started, rows, sizes: seedSizes(rows), settings, machine: { ...machine, loadAverageAtEnd }, results, table }, null, 2)}\n`,
);
console.log(`\nfull figures: ${out}`);
