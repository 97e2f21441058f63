// What a run offers each list over many connections: a fixed rate (its latency under it) and as many
// requests as it answers (issue 29's throughput, with the CPU a request costs), and the wait between
// runs for the server to work off the last.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { type CpuPerRequest, perRequestCpu } from './cpu.ts';
import { type Offered, offeredRate, throughput } from './load.ts';
import { type Cookies, chosen, type Settings } from './measure.ts';
import { withQuery } from './pages.ts';

export type OfferedResult = Offered & { name: string; path: string };
export type ThroughputResult = {
  name: string;
  path: string;
  rps: number;
  p99: number;
  failed: number;
} & CpuPerRequest;

/**
 * The most each list answers at `rateConnections` connections (issue 29's targets), its first page
 * as its people open it: a run of `ratioSeconds` to warm up, then one that counts, with the CPU it
 * cost the server process (`pid`) and, on PostgreSQL, the database's backends (`db`) per request.
 */
export async function measureThroughput(
  baseUrl: string,
  cookies: Cookies,
  settings: Settings,
  server: { pid: number; db: pg.Client | undefined },
) {
  const results: ThroughputResult[] = [];
  for (const list of chosen().filter((l) => l.throughput)) {
    const url = `${baseUrl}${withQuery(list.path, { per_page: 25 })}`;
    const options = {
      connections: settings.rateConnections,
      seconds: settings.ratioSeconds,
      headers: { cookie: cookies[list.as] },
    };
    await throughput(url, options);
    const run = await perRequestCpu(server.pid, server.db, () => throughput(url, options));
    results.push({
      name: list.name,
      path: list.path,
      rps: run.rps,
      p99: run.p99,
      failed: run.non2xx + run.errors,
      serverUs: run.serverUs,
      databaseUs: run.databaseUs,
    });
    await settle(baseUrl);
  }
  return results;
}

export async function measureOffered(baseUrl: string, cookies: Cookies, settings: Settings) {
  const results: OfferedResult[] = [];
  for (const list of chosen().filter((l) => l.offered)) {
    const result = await offeredRate(`${baseUrl}${list.path}`, {
      rate: settings.rate,
      seconds: settings.rateSeconds,
      connections: settings.rateConnections,
      headers: { cookie: cookies[list.as] },
    });
    results.push({ name: list.name, path: list.path, ...result });
    await settle(baseUrl);
  }
  return results;
}

/**
 * Waits until the server has worked off what an overloaded run left behind: a client that gives up
 * does not cancel the queries it started. `/readyz` pings the database, so it queues behind them.
 */
export async function settle(baseUrl: string, limitSeconds = 300) {
  const deadline = Date.now() + limitSeconds * 1000;
  let quick = 0;
  while (quick < 3 && Date.now() < deadline) {
    const start = performance.now();
    await fetch(`${baseUrl}/readyz`).then((res) => res.arrayBuffer());
    quick = performance.now() - start < 50 ? quick + 1 : 0;
    await sleep(100);
  }
}
