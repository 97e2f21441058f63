// What one database's run measures against a portal already started and seeded: the hook-chain and
// /me ratios, and each list's pages one request at a time. The rates under load: measure-rates.ts.
import { performance } from 'node:perf_hooks';
import { type ListBench, lists, ME_PATH, UNREAD_COUNT_PATH } from './lists.ts';
import { type Latency, latency, throughput } from './load.ts';
import { planPages, withQuery } from './pages.ts';
import type { RunningServer } from './processes.ts';
import { SEARCH_TERM } from './seed.ts';

// BENCH_LISTS (a regular expression on the lists' names) narrows a run to some lists, e.g.
// `BENCH_LISTS=changelog` to re-measure one feature's rows without the others.
export const chosen = () => lists.filter((list) => new RegExp(process.env.BENCH_LISTS ?? '').test(list.name));

export type Settings = {
  ratioSeconds: number;
  ratioRounds: number;
  connections: number;
  sampleSeconds: number;
  rate: number;
  rateSeconds: number;
  rateConnections: number;
};

export type Cookies = { developer: string; admin: string };

/** req/s per server, and answers that were not 2xx or never came (a 429 is fast but not an answer). */
type Round = {
  bare: number;
  bareWithHeaders: number;
  healthz: number;
  me: number;
  healthzFailed: number;
  meFailed: number;
};
export type Ratios = {
  rounds: Round[];
  bare: number;
  bareWithHeaders: number;
  healthz: number;
  me: number;
  /** /healthz over the bare server sending the same security headers: the hook chain's own cost. */
  healthzRatio: number;
  /** /healthz over the bare server without them: the headers' cost and the hook chain's together. */
  healthzPlainRatio: number;
  meRatio: number;
  healthzFailed: number;
  meFailed: number;
};

export type PageKind = 'first' | 'middle' | 'last' | 'search';
export type PageResult = {
  kind: PageKind;
  path: string;
  /** Rows in the response and its size, from a probe before timing. */
  rows: number | undefined;
  bytes: number;
  /** The body itself when it is small (a count, say), to show what was measured. */
  sample?: string;
  latency?: Latency;
  skipped?: string;
};
export type ListResult = {
  name: string;
  path: string;
  total: number | undefined;
  paginated: boolean;
  skipped?: string;
  pages: PageResult[];
};

type Probe = {
  status: number;
  headers: Headers;
  rows: number | undefined;
  bytes: number;
  sample: string | undefined;
  ms: number;
};

async function probe(url: string, cookie: string): Promise<Probe> {
  const start = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  const body = await res.text();
  const ms = performance.now() - start;
  let rows: number | undefined;
  try {
    const json = JSON.parse(body) as unknown;
    rows = Array.isArray(json) ? json.length : undefined;
  } catch {
    rows = undefined;
  }
  const bytes = Buffer.byteLength(body);
  return {
    status: res.status,
    headers: res.headers,
    rows,
    bytes,
    sample: bytes <= 200 ? body : undefined,
    ms,
  };
}

/**
 * The hook-chain and /me ratios: bare node:http (without and with the portal's security headers),
 * /healthz and signed-in /me, interleaved per round.
 */
export async function measureRatios(
  portal: RunningServer,
  { bare, bareWithHeaders }: { bare: RunningServer; bareWithHeaders: RunningServer },
  cookies: Cookies,
  settings: Settings,
): Promise<Ratios> {
  const options = { connections: settings.connections, seconds: settings.ratioSeconds };
  // Warm every server (JIT, connection pools, caches) before anything counts: a cold Fastify
  // measured 0.42× where the same process warm measured 0.96×, so the warm-up is a full run.
  await throughput(`${bare.url}/healthz`, options);
  await throughput(`${bareWithHeaders.url}/healthz`, options);
  await throughput(`${portal.url}/healthz`, options);
  await throughput(`${portal.url}${ME_PATH}`, { ...options, headers: { cookie: cookies.developer } });
  const rounds: Round[] = [];
  for (let i = 0; i < settings.ratioRounds; i++) {
    const bareRun = await throughput(`${bare.url}/healthz`, options);
    const bareWithHeadersRun = await throughput(`${bareWithHeaders.url}/healthz`, options);
    const healthz = await throughput(`${portal.url}/healthz`, options);
    const me = await throughput(`${portal.url}${ME_PATH}`, {
      ...options,
      headers: { cookie: cookies.developer },
    });
    rounds.push({
      bare: bareRun.rps,
      bareWithHeaders: bareWithHeadersRun.rps,
      healthz: healthz.rps,
      me: me.rps,
      healthzFailed: healthz.non2xx + healthz.errors,
      meFailed: me.non2xx + me.errors,
    });
  }
  const sum = (pick: (r: Round) => number) => rounds.reduce((total, r) => total + pick(r), 0);
  const mean = (pick: (r: Round) => number) => sum(pick) / rounds.length;
  const result = {
    bare: mean((r) => r.bare),
    bareWithHeaders: mean((r) => r.bareWithHeaders),
    healthz: mean((r) => r.healthz),
    me: mean((r) => r.me),
  };
  return {
    rounds,
    ...result,
    // Each round's ratio compares runs seconds apart; the median round is the least disturbed by
    // whatever else the machine did meanwhile.
    healthzRatio: median(rounds.map((r) => r.healthz / r.bareWithHeaders)),
    healthzPlainRatio: median(rounds.map((r) => r.healthz / r.bare)),
    meRatio: median(rounds.map((r) => r.me / r.bare)),
    healthzFailed: sum((r) => r.healthzFailed),
    meFailed: sum((r) => r.meFailed),
  };
}

async function timePage(
  baseUrl: string,
  kind: PageKind,
  path: string,
  cookie: string,
  settings: Settings,
  seen?: Probe,
): Promise<PageResult> {
  // The first probe also warms the page (a cold read is not what a paging user sees twice).
  const first = seen ?? (await probe(`${baseUrl}${path}`, cookie));
  if (first.status !== 200)
    return { kind, path, rows: first.rows, bytes: first.bytes, skipped: `HTTP ${first.status}` };
  const again = await probe(`${baseUrl}${path}`, cookie);
  const timed = await latency(`${baseUrl}${path}`, {
    headers: { cookie },
    seconds: settings.sampleSeconds,
    singleMs: again.ms,
  });
  return { kind, path, rows: first.rows, bytes: first.bytes, sample: first.sample, latency: timed };
}

export async function measureList(
  baseUrl: string,
  list: ListBench,
  cookies: Cookies,
  settings: Settings,
): Promise<ListResult> {
  const cookie = cookies[list.as];
  const first = await probe(`${baseUrl}${list.path}`, cookie);
  const base = { name: list.name, path: list.path, total: undefined, paginated: false, pages: [] };
  if (first.status === 404) return { ...base, skipped: 'no such endpoint yet (404)' };
  if (first.status !== 200) return { ...base, skipped: `HTTP ${first.status}` };

  const plan = planPages(first.headers);
  const pages: PageResult[] = [await timePage(baseUrl, 'first', list.path, cookie, settings, first)];
  if (plan.paginated) {
    for (const [kind, page] of [
      ['middle', plan.middle],
      ['last', plan.last],
    ] as const) {
      pages.push(await timePage(baseUrl, kind, withQuery(list.path, { page }), cookie, settings));
    }
  }
  if (list.search) {
    const path = withQuery(list.path, { [list.search]: SEARCH_TERM });
    const found = await probe(`${baseUrl}${path}`, cookie);
    const foundTotal = found.headers.get('total');
    const ignored =
      found.status === 200 &&
      (foundTotal !== null ? foundTotal === first.headers.get('total') : found.rows === first.rows);
    pages.push(
      ignored
        ? { kind: 'search', path, rows: found.rows, bytes: found.bytes, skipped: `${list.search} is ignored` }
        : await timePage(baseUrl, 'search', path, cookie, settings, found),
    );
  }
  return { ...base, total: plan.paginated ? plan.total : first.rows, paginated: plan.paginated, pages };
}

export async function measureLists(baseUrl: string, cookies: Cookies, settings: Settings) {
  const results: ListResult[] = [];
  for (const list of chosen()) results.push(await measureList(baseUrl, list, cookies, settings));
  return results;
}

export async function measureUnreadCount(baseUrl: string, cookies: Cookies, settings: Settings) {
  return timePage(baseUrl, 'first', UNREAD_COUNT_PATH, cookies.developer, settings);
}

/** The middle value (the mean of the middle two for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
