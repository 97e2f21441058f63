// The CPU a server spends, read from Linux's /proc: the figure that holds on a shared machine, where
// requests per second wander by 2×. The embedded database's worker thread is part of the server's
// process; PostgreSQL's backends are processes of their own and are counted beside it.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type pg from 'pg';

const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);

/** CPU seconds a process has used (user + system), or 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return 0;
  }
}

/** The CPU each of this database's PostgreSQL backends (the server's pool) has used, by pid. */
async function backendSeconds(client: pg.Client | undefined): Promise<Map<number, number> | undefined> {
  if (!client) return undefined;
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return new Map(rows.map((row) => [row.pid, cpuSeconds(row.pid)]));
}

/**
 * The backends' CPU between two readings: each backend alive at the second counts from the first
 * (from its start if it is new). One that ended between them counts nothing: its last share is
 * lost (the pool closes idle backends), where a sum of sums subtracted its whole life.
 */
export function backendDelta(before: Map<number, number>, after: Map<number, number>): number {
  let seconds = 0;
  for (const [pid, now] of after) seconds += now - (before.get(pid) ?? 0);
  return seconds;
}

export type CpuPerRequest = { serverUs: number; databaseUs: number | undefined };

/** Runs `work` and returns its result with the CPU it cost the server (and its database) per request. */
export async function perRequestCpu<T extends { requests: number }>(
  pid: number,
  db: pg.Client | undefined,
  work: () => Promise<T>,
): Promise<T & CpuPerRequest> {
  const serverBefore = cpuSeconds(pid);
  const databaseBefore = await backendSeconds(db);
  const result = await work();
  const databaseAfter = await backendSeconds(db);
  const perRequest = (seconds: number) => (seconds * 1e6) / Math.max(result.requests, 1);
  return {
    ...result,
    serverUs: perRequest(cpuSeconds(pid) - serverBefore),
    databaseUs:
      databaseBefore === undefined || databaseAfter === undefined
        ? undefined
        : perRequest(backendDelta(databaseBefore, databaseAfter)),
  };
}
