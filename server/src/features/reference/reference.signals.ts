import { DEFAULT_BRANCH } from '@portal/contracts';
import type { AppContext } from '../../platform/context.ts';
import * as repo from './reference.repo.ts';

/** How stale the signals may be: a published deprecation reaches the API's headers within this. */
export const SIGNALS_REFRESH_MS = 60_000;

/** What an operation answers with when its changelog says it is deprecated or going away. */
export type RuntimeSignals = { deprecation?: string; sunset?: string; link?: string };

type Snapshot = { at: number; byEndpoint: Promise<Map<string, RuntimeSignals>> };
const snapshots = new WeakMap<AppContext['db'], Map<string, Snapshot>>();

/**
 * The `Deprecation` (RFC 9745, a structured-field date) and `Sunset` (RFC 8594, an HTTP date)
 * headers of one operation (`GET /rest/v1.0/companies`), from the group's published public
 * deprecated and sunset entries on the default branch: the earliest date of each type wins, and
 * `Link` names the entry's reference page (rel deprecation, else sunset). Read from a snapshot of
 * those few entries taken at most SIGNALS_REFRESH_MS ago (by the portal's clock), so an API call
 * costs no query; nothing invalidates it, it simply expires (docs/decisions.md).
 */
export async function runtimeSignals(
  ctx: AppContext,
  group: string,
  endpoint: string,
): Promise<RuntimeSignals | undefined> {
  let byGroup = snapshots.get(ctx.db);
  if (!byGroup) {
    byGroup = new Map();
    snapshots.set(ctx.db, byGroup);
  }
  let snapshot = byGroup.get(group);
  const now = ctx.clock.now().getTime();
  if (!snapshot || now - snapshot.at >= SIGNALS_REFRESH_MS) {
    // Callers meanwhile share the one query; a failed one is forgotten, so the next call retries.
    const fresh: Snapshot = { at: now, byEndpoint: load(ctx, group) };
    byGroup.set(group, fresh);
    fresh.byEndpoint.catch(() => {
      if (byGroup.get(group) === fresh) byGroup.delete(group);
    });
    snapshot = fresh;
  }
  return (await snapshot.byEndpoint).get(endpoint);
}

async function load(ctx: AppContext, group: string): Promise<Map<string, RuntimeSignals>> {
  const rows = await repo.signalEntries(ctx, group, DEFAULT_BRANCH);
  const earliest = new Map<string, { deprecated?: (typeof rows)[number]; sunset?: (typeof rows)[number] }>();
  for (const row of rows) {
    const kind = row.type === 'deprecated' ? 'deprecated' : 'sunset';
    const seen = earliest.get(row.endpoint) ?? {};
    if (!seen[kind] || row.datestamp < seen[kind].datestamp) seen[kind] = row;
    earliest.set(row.endpoint, seen);
  }
  const base = `${ctx.config.publicUrl}/reference/${group}`;
  const byEndpoint = new Map<string, RuntimeSignals>();
  for (const [endpoint, { deprecated, sunset }] of earliest) {
    const signals: RuntimeSignals = {};
    if (deprecated) signals.deprecation = `@${Date.parse(`${deprecated.datestamp}T00:00:00Z`) / 1000}`;
    if (sunset) signals.sunset = new Date(`${sunset.datestamp}T00:00:00Z`).toUTCString();
    const linked = deprecated ?? sunset!;
    signals.link = `<${base}/${linked.link}>; rel="${deprecated ? 'deprecation' : 'sunset'}"; type="text/html"`;
    byEndpoint.set(endpoint, signals);
  }
  return byEndpoint;
}
