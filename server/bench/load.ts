// autocannon, three ways: saturating throughput (ratios), one connection for server time per request,
// and a fixed offered rate. Latencies are taken from each response (fractional ms) rather than
// autocannon's histogram, which rounds to whole milliseconds.
import autocannon from 'autocannon';

type Headers = Record<string, string>;

/** One autocannon run; `onTime` sees every response's time in fractional milliseconds. */
function run(options: autocannon.Options, onTime?: (ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    // A run notices its end at the next sample tick, so ticks are kept short.
    const instance = autocannon({ sampleInt: 100, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    if (onTime) instance.on('response', (_client, _status, _bytes, ms) => onTime(ms));
  });
}

export type Latency = { n: number; p50: number; p99: number; mean: number; non2xx: number; errors: number };

export type Offered = Latency & {
  offered: number;
  achieved: number;
  timeouts: number;
  dropped: boolean;
};

/** Requests per second at `connections` concurrent connections, as fast as the server answers. */
export async function throughput(
  url: string,
  options: { connections: number; seconds: number; headers?: Headers },
) {
  const result = await run({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers ?? {},
  });
  return {
    // Not requests.average: that is per sample tick (100 ms here), not per second.
    rps: result.requests.total / result.duration,
    requests: result.requests.total,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * Server time per request: one connection, one request at a time, for about `seconds` but at least
 * `minRequests` and at most `maxRequests` (guessed from how long a single request took).
 */
export async function latency(
  url: string,
  options: {
    headers?: Headers;
    seconds: number;
    singleMs: number;
    minRequests?: number;
    maxRequests?: number;
  },
): Promise<Latency> {
  const amount = Math.round(
    Math.min(
      options.maxRequests ?? 200,
      Math.max(options.minRequests ?? 5, (options.seconds * 1000) / options.singleMs),
    ),
  );
  const times: number[] = [];
  // A generous timeout: here a slow answer is a figure to report, not a failure.
  const result = await run(
    { url, connections: 1, amount, timeout: 120, headers: options.headers ?? {} },
    (ms) => times.push(ms),
  );
  return { ...summarize(times), non2xx: result.non2xx, errors: result.errors };
}

/**
 * A fixed offered rate, spread evenly: `connections` autocannon instances of one connection each,
 * started 1/connections of a second apart, each sending rate/connections requests per second. (One
 * instance would start every connection's quota at the same instant each second: a burst, not a
 * rate.) A connection sends its next request only after the previous answer, so a server that falls
 * behind shows up as an achieved rate below the offered one, never as requests queued in the client.
 */
export async function offeredRate(
  url: string,
  options: {
    rate: number;
    seconds: number;
    connections: number;
    headers?: Headers;
    /** A POST and its body (a token request), instead of a GET. */
    method?: 'GET' | 'POST';
    body?: string;
  },
): Promise<Offered> {
  const perConnection = Math.max(1, Math.round(options.rate / options.connections));
  const offered = perConnection * options.connections;
  const times: number[] = [];
  const runs = Array.from({ length: options.connections }, async (_, i) => {
    await new Promise((resolve) => setTimeout(resolve, (i * 1000) / options.connections));
    return run(
      {
        url,
        connections: 1,
        connectionRate: perConnection,
        // Each connection's quota refills at 0, 1, 2 … s; ending just before `seconds` makes that
        // exactly `seconds` quotas, not one more that the stop (noticed at a sample tick) lets in.
        duration: options.seconds - 0.2,
        headers: options.headers ?? {},
        method: options.method ?? 'GET',
        ...(options.body === undefined ? {} : { body: options.body }),
        ignoreCoordinatedOmission: true,
      },
      (ms) => times.push(ms),
    );
  });
  const results = await Promise.all(runs);
  const sum = (pick: (r: autocannon.Result) => number) => results.reduce((total, r) => total + pick(r), 0);
  const achieved = times.length / options.seconds;
  const non2xx = sum((r) => r.non2xx);
  const errors = sum((r) => r.errors);
  const timeouts = sum((r) => r.timeouts);
  return {
    ...summarize(times),
    non2xx,
    errors,
    timeouts,
    offered,
    achieved,
    // The last second can end with a few answers still on the wire; 1 % covers that, not a backlog.
    dropped: non2xx > 0 || errors > 0 || timeouts > 0 || achieved < offered * 0.99,
  };
}

export function summarize(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  const mean = sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1);
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), mean };
}
