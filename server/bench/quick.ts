// `npm run bench:quick`: what one request costs the server in CPU, at demo scale, in under three
// minutes — the figure a developer compares before and after a change. Requests per second wander by
// 2× on a shared 2-core machine; the CPU the server process spends per request (user + system, from
// /proc, the embedded database's worker thread included; PostgreSQL's backends reported beside it)
// moves by a few per cent. `BENCH_AGAINST=<another checkout>` runs that checkout's server on the same
// data beside this one, route by route in turns, so both see the same machine. See docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { type PortalProcess, startPortalProcess } from '../../scripts/harness/portal-process.ts';
import { cookieHeader, signIn } from '../../scripts/harness/sign-in.ts';
import { median } from './measure.ts';
import { openTarget, type Target } from './targets.ts';

const env = process.env;
const requests = Number(env.BENCH_QUICK_REQUESTS ?? 3000);
const rounds = Number(env.BENCH_QUICK_ROUNDS ?? 3);
const connections = Number(env.BENCH_CONNECTIONS ?? 50);
const DEMO_PASSWORD = 'bench-quick-demo-password';
const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);

type Mode = 'npm start' | 'production';
type Server = { name: string; portal: PortalProcess; cookies: { developer: string; admin: string } };
type Route = { name: string; path: (s: Server) => Promise<string> | string; as?: 'developer' | 'admin' };
type Cost = { serverUs: number; databaseUs: number | undefined; rps: number; p99: number; failed: number };

/** CPU seconds a process has used (user + system), or 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return 0;
  }
}

/** The CPU of this database's PostgreSQL backends (the server's pool), read from /proc. */
async function databaseSeconds(client: pg.Client | undefined): Promise<number | undefined> {
  if (!client) return undefined;
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return rows.reduce((sum, row) => sum + cpuSeconds(row.pid), 0);
}

const routes: Route[] = [
  { name: '/healthz', path: () => '/healthz' },
  { name: '/api/v1/me', path: () => '/api/v1/me', as: 'developer' },
  { name: 'My Apps (25 a page)', path: () => '/api/v1/developer_apps?per_page=25', as: 'developer' },
  { name: 'notifications (25 a page)', path: () => '/api/v1/notifications?per_page=25', as: 'developer' },
  { name: 'one app', path: firstAppPath, as: 'developer' },
  { name: 'admin apps (25 a page)', path: () => '/api/v1/admin/developer_apps?per_page=25', as: 'admin' },
];

async function firstAppPath(server: Server): Promise<string> {
  const res = await fetch(`${server.portal.url}/api/v1/developer_apps`, {
    headers: { cookie: server.cookies.developer },
  });
  const apps = (await res.json()) as Array<{ id: string }>;
  if (!apps[0]) throw new Error('the demo developer has no app');
  return `/api/v1/developer_apps/${apps[0].id}`;
}

async function measure(server: Server, route: Route, db: pg.Client | undefined, amount: number) {
  const url = `${server.portal.url}${await route.path(server)}`;
  const headers = route.as ? { cookie: server.cookies[route.as] } : {};
  const cpuBefore = cpuSeconds(server.portal.pid);
  const dbBefore = await databaseSeconds(db);
  const started = performance.now();
  let last = started;
  // autocannon notices the end only at its next sample tick: time the last response instead.
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, amount, connections, headers, sampleInt: 100 }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on('response', () => {
      last = performance.now();
    });
  });
  const seconds = (last - started) / 1000;
  const dbAfter = await databaseSeconds(db);
  const perRequest = (s: number) => (s * 1e6) / amount;
  return {
    serverUs: perRequest(cpuSeconds(server.portal.pid) - cpuBefore),
    databaseUs: dbBefore === undefined || dbAfter === undefined ? undefined : perRequest(dbAfter - dbBefore),
    rps: amount / seconds,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors,
  } satisfies Cost;
}

async function startServer(name: string, serverDir: string, target: Target, mode: Mode): Promise<Server> {
  const base: NodeJS.ProcessEnv = { ...env };
  for (const key of Object.keys(base)) if (key.startsWith('BENCH_')) delete base[key];
  delete base.DATABASE_URL;
  delete base.NODE_ENV;
  const portal = await startPortalProcess({
    serverDir,
    logFile: path.join(target.dataDir, `${name.replace(/\W+/g, '-')}.log`),
    env: {
      ...base,
      DATA_DIR: target.dataDir,
      DEMO_PASSWORD,
      WEB_DIST: path.join(target.dataDir, 'no-web-build'),
      ENCRYPTION_KEY: 'bench-encryption-key-bench-encryption-key',
      ...(mode === 'production' ? { NODE_ENV: 'production', OUTBOX_DELIVERY: 'true' } : {}),
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    },
  });
  const cookie = async (email: string) => cookieHeader(await signIn(portal.url, email, DEMO_PASSWORD));
  return {
    name,
    portal,
    cookies: { developer: await cookie('developer@example.com'), admin: await cookie('admin@example.com') },
  };
}

const checkouts = [
  { name: 'this checkout', serverDir: path.resolve(import.meta.dirname, '..') },
  ...(env.BENCH_AGAINST
    ? [
        {
          name: env.BENCH_AGAINST,
          // Relative to where `npm run` was typed (npm runs this script in server/).
          serverDir: path.resolve(env.INIT_CWD ?? process.cwd(), env.BENCH_AGAINST, 'server'),
        },
      ]
    : []),
];
const kind = env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
const lines: string[] = [];
const us = (n: number | undefined) => (n === undefined ? '–' : `${n.toFixed(0)} µs`);

for (const mode of ['npm start', 'production'] as const) {
  // One database per checkout: a newer checkout's migrations would not suit an older server.
  const targets = await Promise.all(checkouts.map(() => openTarget(kind, env)));
  const servers: Server[] = [];
  const clients: Array<pg.Client | undefined> = [];
  try {
    for (const [i, checkout] of checkouts.entries()) {
      const target = targets[i]!;
      // The demo seed runs on a first start that is not production; production then opens that data.
      if (mode === 'production')
        await (await startServer(checkout.name, checkout.serverDir, target, 'npm start')).portal.stop();
      const server = await startServer(checkout.name, checkout.serverDir, target, mode);
      servers.push(server);
      const idleBefore = cpuSeconds(server.portal.pid);
      await sleep(3000);
      const idle = ((cpuSeconds(server.portal.pid) - idleBefore) / 3) * 100;
      console.log(`${mode}, ${checkout.name}: idle server CPU ${idle.toFixed(1)} % of a core`);
      const client = target.databaseUrl ? new pg.Client({ connectionString: target.databaseUrl }) : undefined;
      await client?.connect();
      clients.push(client);
    }
    for (const route of routes) {
      const costs: Cost[][] = servers.map(() => []);
      for (const [i, server] of servers.entries()) await measure(server, route, clients[i], 300); // warm up
      for (let round = 0; round < rounds; round++) {
        for (const [i, server] of servers.entries())
          costs[i]!.push(await measure(server, route, clients[i], requests));
      }
      const cells = costs.map((c) => {
        const serverUs = median(c.map((x) => x.serverUs));
        const databaseUs = c[0]!.databaseUs === undefined ? undefined : median(c.map((x) => x.databaseUs!));
        const failed = c.reduce((sum, x) => sum + x.failed, 0);
        return {
          serverUs,
          databaseUs,
          rps: median(c.map((x) => x.rps)),
          p99: median(c.map((x) => x.p99)),
          failed,
        };
      });
      const row = [mode, route.name];
      for (const cell of cells) {
        row.push(
          us(cell.serverUs),
          us(cell.databaseUs),
          cell.rps.toFixed(0),
          `${cell.p99} ms`,
          String(cell.failed),
        );
      }
      if (cells.length === 2) row.push(`${(cells[0]!.serverUs / cells[1]!.serverUs).toFixed(2)}×`);
      lines.push(`| ${row.join(' | ')} |`);
      console.log(lines.at(-1));
    }
  } finally {
    for (const client of clients) await client?.end();
    for (const server of servers) await server.portal.stop();
    for (const target of targets) await target.drop();
  }
}

const perCheckout = ['server CPU / request', 'database CPU / request', 'req/s', 'p99', 'failed'];
const header = ['mode', 'route', ...checkouts.flatMap((c) => perCheckout.map((h) => `${h} (${c.name})`))];
if (checkouts.length === 2) header.push('CPU this ÷ other');
console.log(`\n${kind}, ${requests} requests × ${rounds} rounds at ${connections} connections (medians)\n`);
console.log(`| ${header.join(' | ')} |\n|${header.map(() => ' --- ').join('|')}|\n${lines.join('\n')}`);
