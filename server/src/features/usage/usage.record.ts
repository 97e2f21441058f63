import type { AppContext } from '../../platform/context.ts';
import { defineCounter } from '../../platform/counters.ts';
import { isUuid } from '../../platform/ids.ts';
import { addUsage, type UsageCount } from './usage.repo.ts';

/** Counted calls reach the table within this (the panel is a report, not a live view). */
export const API_USAGE_FLUSH_MS = 5_000;

/** One platform API call as the OAuth feature's hook reports it. */
export type ApiUsageCall = {
  /** The developer app whose OAuth client made the call. */
  appId: string;
  /** The route's pattern (`/rest/v1.0/companies/:id`), never the raw URL: one key per route, not per id. */
  route: string;
  /** The HTTP method (upper-cased here). */
  method: string;
  /** The response code sent. */
  status: number;
};

const usage = defineCounter<UsageCount>({
  name: 'api usage',
  flushMs: API_USAGE_FLUSH_MS,
  keyOf: (c) => `${c.appId}\n${c.day}\n${c.route}\n${c.method}\n${c.status}`,
  merge(into, from) {
    into.count += from.count;
  },
  write: addUsage,
});

const ROUTE = /^\/[\w\-./:{}*]{0,199}$/;

/**
 * Counts one platform API call for its app, UTC day (from ctx.clock), route, method and response
 * code: in memory, written within API_USAGE_FLUSH_MS by one statement adding to the stored day (and
 * when the app closes). Throws on what is not a route pattern (a query string, a non-uuid app id):
 * such a key would grow the map and the table without bound, or fail every flush.
 */
export function recordApiUsage(ctx: AppContext, call: ApiUsageCall): void {
  if (!isUuid(call.appId)) throw new TypeError(`recordApiUsage: not an app id: ${call.appId}`);
  if (!ROUTE.test(call.route)) throw new TypeError(`recordApiUsage: not a route pattern: ${call.route}`);
  const method = call.method.toUpperCase();
  if (!/^[A-Z]{1,16}$/.test(method)) throw new TypeError(`recordApiUsage: not a method: ${call.method}`);
  if (!Number.isInteger(call.status) || call.status < 100 || call.status > 599)
    throw new TypeError(`recordApiUsage: not a response code: ${call.status}`);
  usage.add(ctx, {
    appId: call.appId,
    day: ctx.clock.now().toISOString().slice(0, 10),
    route: call.route,
    method,
    status: call.status,
    count: 1,
  });
}

/** Writes the calls counted so far (reads, tests and the e2e seed call it instead of waiting). */
export const flushApiUsage = (ctx: AppContext): Promise<void> => usage.flush(ctx);
