// Turns a run's measurements into checks against issue #8's targets and prints them as one markdown
// table (a column per database), ready to paste into docs/benchmarks.md.
import type { CpuPerRequest } from './cpu.ts';
import type { Latency } from './load.ts';
import type { ListResult, PageResult, Ratios } from './measure.ts';
import type { OfferedResult, ThroughputResult } from './measure-rates.ts';

export const TARGETS = {
  startupPeakMb: 600,
  healthzRatio: 0.8,
  // Issue 29 raised it from issue 8's 0.4.
  meRatio: 0.5,
  pageMs: 20,
  deepOverFirst: 3,
  unreadCountMs: 5,
  offeredP99Ms: 50,
  /** Issue 29: a list page at 50 connections, req/s by database, and its p99. */
  listRps: { postgres: 3000, pglite: 2000 },
  listP99Ms: 50,
};

export type SeedResult = {
  rows: number;
  seconds: number;
  /** CPU of the seeding process: all of the work on PGlite, the client's share on PostgreSQL. */
  cpuSeconds: number;
  /** The bench process's peak RSS while it seeded (PGlite runs inside it for the seed). */
  peakRssMb: number;
  steps: Array<{ table: string; rows: number; ms: number }>;
};

export type DatabaseResult = {
  db: 'pglite' | 'postgres';
  label: string;
  seed: SeedResult;
  memory: {
    startupPeakMb: number | undefined;
    idleRssMb: number | undefined;
    peakAfterLoadMb: number | undefined;
  };
  ratios: Ratios;
  lists: ListResult[];
  unreadCount: PageResult;
  offered: OfferedResult[];
  throughput: ThroughputResult[];
};

export type Check = { id: string; measure: string; target: string; text: string; pass: boolean | undefined };

const ms = (value: number) => (value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US'));
const int = (value: number) => Math.round(value).toLocaleString('en-US');
const timing = (l: Latency) => `${ms(l.p50)} ms (p99 ${ms(l.p99)}, n=${l.n})`;
const pageNumber = (path: string) => new URL(path, 'http://x.invalid').searchParams.get('page');
const healthy = (l: Latency | undefined): l is Latency => Boolean(l && l.non2xx === 0 && l.errors === 0);

export function memoryChecks(memory: DatabaseResult['memory']): Check[] {
  const peak = memory.startupPeakMb;
  return [
    {
      id: 'mem.peak',
      measure: 'Server start-up peak RSS',
      target: `≤ ${TARGETS.startupPeakMb} MB`,
      text: peak === undefined ? 'n/a' : `${int(peak)} MB`,
      pass: peak === undefined ? undefined : peak <= TARGETS.startupPeakMb,
    },
    {
      id: 'mem.idle',
      measure: 'Server idle RSS (after start-up)',
      target: 'reported',
      text: memory.idleRssMb === undefined ? 'n/a' : `${int(memory.idleRssMb)} MB`,
      pass: undefined,
    },
    {
      id: 'mem.load',
      measure: 'Server peak RSS by the end of the run',
      target: 'reported',
      text: memory.peakAfterLoadMb === undefined ? 'n/a' : `${int(memory.peakAfterLoadMb)} MB`,
      pass: undefined,
    },
  ];
}

export function ratioChecks(ratios: Ratios): Check[] {
  const failed = (n: number) => (n ? `; ${int(n)} not 2xx or no answer` : '');
  return [
    {
      id: 'ratio.healthz',
      measure: '`/healthz` ÷ bare `node:http` sending the same security headers (hook chain)',
      target: `≥ ${TARGETS.healthzRatio}×`,
      text: `${ratios.healthzRatio.toFixed(2)}× (${int(ratios.healthz)} vs ${int(ratios.bareWithHeaders)} req/s)${failed(ratios.healthzFailed)}`,
      pass: ratios.healthzRatio >= TARGETS.healthzRatio && !ratios.healthzFailed,
    },
    {
      id: 'ratio.healthz.plain',
      measure: '`/healthz` ÷ bare `node:http` without them (headers and hook chain)',
      target: 'reported',
      text: `${ratios.healthzPlainRatio.toFixed(2)}× (vs ${int(ratios.bare)} req/s)`,
      pass: undefined,
    },
    {
      id: 'ratio.me',
      measure: 'signed-in `GET /api/v1/me` ÷ bare',
      target: `≥ ${TARGETS.meRatio}×`,
      text: `${ratios.meRatio.toFixed(2)}× (${int(ratios.me)} req/s)${failed(ratios.meFailed)}`,
      pass: ratios.meRatio >= TARGETS.meRatio && !ratios.meFailed,
    },
  ];
}

export function listChecks(list: ListResult): Check[] {
  const id = (suffix: string) => `list.${list.name}.${suffix}`;
  const size = list.total === undefined ? '' : ` (${int(list.total)} rows)`;
  if (list.skipped) {
    return [
      {
        id: id('first'),
        measure: `${list.name}${size}`,
        target: '',
        text: `skipped: ${list.skipped}`,
        pass: undefined,
      },
    ];
  }
  const checks: Check[] = [];
  const byKind = new Map(list.pages.map((page) => [page.kind, page]));
  for (const kind of ['first', 'middle', 'last', 'search'] as const) {
    const page = byKind.get(kind);
    const label = `${list.name} — ${kind === 'search' ? 'substring search' : `${kind} page`}`;
    const check = { id: id(kind), measure: label, target: `≤ ${TARGETS.pageMs} ms` };
    if (!page) {
      const missing = kind === 'search' ? 'no search parameter' : 'not paginated';
      checks.push({ ...check, text: missing, pass: kind === 'search' ? undefined : false });
      continue;
    }
    if (page.skipped || !healthy(page.latency)) {
      checks.push({
        ...check,
        text: page.skipped ?? 'failed requests',
        pass: page.skipped ? undefined : false,
      });
      continue;
    }
    // An empty deep page means the pager pointed past the data (e.g. a Total that is an estimate).
    const empty = kind !== 'search' && page.rows === 0 ? ' (empty!)' : '';
    const where =
      kind === 'search'
        ? `${page.rows ?? '?'} rows`
        : list.paginated
          ? `page ${pageNumber(page.path) ?? 1}, ${page.rows ?? '?'} rows${empty}`
          : `all ${int(page.rows ?? 0)} rows, ${int(page.bytes / 1024)} kB`;
    checks.push({
      ...check,
      text: `${timing(page.latency)}; ${where}`,
      pass: page.latency.p50 <= TARGETS.pageMs,
    });
  }
  const first = byKind.get('first')?.latency;
  const deep = [byKind.get('middle')?.latency, byKind.get('last')?.latency].filter(healthy);
  if (healthy(first) && deep.length) {
    const ratio = Math.max(...deep.map((l) => l.p50)) / first.p50;
    checks.push({
      id: id('deep'),
      measure: `${list.name} — deepest page ÷ first`,
      target: `≤ ${TARGETS.deepOverFirst}×`,
      text: `${ratio.toFixed(1)}×`,
      pass: ratio <= TARGETS.deepOverFirst,
    });
  }
  return checks;
}

export function unreadChecks(page: PageResult): Check[] {
  const base = { id: 'unread', measure: '`unread_count`', target: `≤ ${TARGETS.unreadCountMs} ms` };
  if (page.skipped || !healthy(page.latency))
    return [{ ...base, text: page.skipped ?? 'failed', pass: false }];
  const answer = page.sample ? `; ${page.sample}` : '';
  return [
    { ...base, text: `${timing(page.latency)}${answer}`, pass: page.latency.p50 <= TARGETS.unreadCountMs },
  ];
}

export function offeredChecks(results: OfferedResult[], rate: number, seconds: number): Check[] {
  return results.map((r) => {
    const drops = [
      r.non2xx && `${r.non2xx} non-2xx`,
      r.errors && `${r.errors} errors`,
      r.timeouts && `${r.timeouts} timeouts`,
    ].filter(Boolean);
    return {
      id: `offered.${r.name}`,
      measure: `${r.name} at ${rate} req/s for ${seconds} s`,
      target:
        r.path === '/healthz' ? 'the floor (no target)' : `p99 ≤ ${TARGETS.offeredP99Ms} ms, none dropped`,
      text: `p99 ${ms(r.p99)} ms (p50 ${ms(r.p50)}); ${int(r.achieved)}/${r.offered} req/s${drops.length ? `; ${drops.join(', ')}` : ''}`,
      // The bare server is the calibration row: what this machine and client allow at that rate.
      pass: r.path === '/healthz' ? undefined : r.p99 <= TARGETS.offeredP99Ms && !r.dropped,
    };
  });
}

/** The CPU a request cost: the server's process, and PostgreSQL's backends beside it. */
function cpuText(cost: CpuPerRequest): string {
  const database = cost.databaseUs === undefined ? '' : ` + ${int(cost.databaseUs)} µs PostgreSQL`;
  return `CPU ${int(cost.serverUs)} µs server${database} a request`;
}

export function throughputChecks(
  results: ThroughputResult[],
  db: DatabaseResult['db'],
  connections: number,
): Check[] {
  const rps = TARGETS.listRps[db];
  return results.map((r) => ({
    id: `throughput.${r.name}`,
    measure: `${r.name} (25 a page) at ${connections} connections`,
    target: `≥ ${int(TARGETS.listRps.postgres)} req/s (PostgreSQL), ≥ ${int(TARGETS.listRps.pglite)} (PGlite), p99 ≤ ${TARGETS.listP99Ms} ms`,
    text: `${int(r.rps)} req/s, p99 ${ms(r.p99)} ms${r.failed ? `; ${r.failed} failed` : ''}; ${cpuText(r)}`,
    pass: r.rps >= rps && r.p99 <= TARGETS.listP99Ms && r.failed === 0,
  }));
}

export function seedChecks(seed: SeedResult): Check[] {
  return [
    {
      id: 'seed',
      measure: 'Seed: wall time (seeding process CPU, peak RSS)',
      target: 'a minute or two',
      text: `${int(seed.seconds)} s (${int(seed.cpuSeconds)} s CPU, ${int(seed.peakRssMb)} MB)`,
      pass: undefined,
    },
  ];
}

export function checksOf(
  result: DatabaseResult,
  settings: { rate: number; rateSeconds: number; rateConnections: number },
): Check[] {
  return [
    ...seedChecks(result.seed),
    ...memoryChecks(result.memory),
    ...ratioChecks(result.ratios),
    ...result.lists.flatMap(listChecks),
    ...unreadChecks(result.unreadCount),
    ...offeredChecks(result.offered, settings.rate, settings.rateSeconds),
    ...throughputChecks(result.throughput, result.db, settings.rateConnections),
  ];
}

const mark = (pass: boolean | undefined) => (pass === undefined ? '' : pass ? ' ✅' : ' ❌');
const cell = (text: string) => text.replaceAll('|', '\\|');

/** One row per check, one column per database. */
export function markdownTable(columns: Array<{ label: string; checks: Check[] }>): string {
  const rows = new Map<string, { measure: string; target: string; cells: string[] }>();
  columns.forEach((column, i) => {
    for (const check of column.checks) {
      const row = rows.get(check.id) ?? { measure: check.measure, target: check.target, cells: [] };
      row.cells[i] = `${check.text}${mark(check.pass)}`;
      rows.set(check.id, row);
    }
  });
  const header = ['Measure', 'Target', ...columns.map((c) => c.label)];
  const lines = [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`];
  for (const row of rows.values()) {
    const cells = columns.map((_, i) => row.cells[i] ?? '');
    lines.push(`| ${[row.measure, row.target, ...cells].map(cell).join(' | ')} |`);
  }
  return lines.join('\n');
}
