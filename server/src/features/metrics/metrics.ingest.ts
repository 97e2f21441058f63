/**
 * `POST /platform/app_events` (issue 24): the platform's install, uninstall and update events. Each
 * event is checked on its own (a bad one is named and the rest kept); the good ones are written in
 * one transaction: the raw event (its id unique forever, so a replay or a parallel copy inserts
 * nothing), the app's daily roll-up and each company's current installation, from the events that
 * were really inserted and nothing else. docs/decisions.md "Installations".
 */
import { AppEvent, type AppEventResult, type AppEventsResponse } from '@portal/contracts';
import type { AppContext } from '../../platform/context.ts';
import { portalDayOf } from '../../platform/portal-day.ts';
import { findAppForStaff } from '../apps/index.ts';
import { findOauthApplication } from '../credentials/index.ts';
import { appForVersionKey } from '../manifests/index.ts';
import {
  addDailyInstalls,
  applyLatestEvents,
  insertNewEvents,
  type NewAppEventRow,
  type NewInstallationRow,
} from './metrics.repo.ts';

type Resolved = { appId: string; version: string | null };
type Errors = Record<string, string[]>;

const DEFAULT_STATUS = { install: 'installed', uninstall: 'uninstalled', update: 'installed' } as const;

/** Finds the app an event names (exactly one of its three references), memoised per batch. */
function appResolver(ctx: AppContext) {
  const cache = new Map<string, Promise<Resolved | null>>();
  const once = (key: string, find: () => Promise<Resolved | null>) => {
    let found = cache.get(key);
    if (!found) {
      found = find();
      cache.set(key, found);
    }
    return found;
  };
  return async (event: AppEvent): Promise<Resolved | Errors> => {
    const refs = (['developer_app_id', 'client_id', 'app_version_key'] as const).filter(
      (field) => event[field] !== undefined,
    );
    if (refs.length !== 1) {
      const message = 'Name the app by exactly one of developer_app_id, client_id or app_version_key';
      return { [refs[1] ?? 'developer_app_id']: [message] };
    }
    const field = refs[0]!;
    const value = event[field]!;
    const found = await once(`${field}:${value}`, async () => {
      if (field === 'developer_app_id') {
        const app = await findAppForStaff(ctx, value);
        return app ? { appId: app.app.id, version: null } : null;
      }
      if (field === 'client_id') {
        const client = await findOauthApplication(ctx, value);
        return client ? { appId: client.developerAppId, version: null } : null;
      }
      const version = await appForVersionKey(ctx, value);
      return version ? { appId: version.developerAppId, version: version.semanticVersion } : null;
    });
    return found ?? { [field]: ['No developer app is known by this reference'] };
  };
}

const zodErrors = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Errors => {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'event';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
};

/** Later event first: occurred_at, then the event id (byte order; ids are ASCII). */
const isLater = (a: { updatedAt: Date; lastEventId: string }, b: { updatedAt: Date; lastEventId: string }) =>
  a.updatedAt.getTime() > b.updatedAt.getTime() ||
  (a.updatedAt.getTime() === b.updatedAt.getTime() && a.lastEventId > b.lastEventId);

export async function ingestAppEvents(ctx: AppContext, events: unknown[]): Promise<AppEventsResponse> {
  const results: AppEventResult[] = [];
  const resolve = appResolver(ctx);
  const candidates: Array<{ result: AppEventResult; row: NewAppEventRow }> = [];
  const seen = new Set<string>();
  const receivedAt = ctx.clock.now();
  for (const [index, raw] of events.entries()) {
    const rawId = (raw as { id?: unknown } | null)?.id;
    const result: AppEventResult = {
      index,
      id: typeof rawId === 'string' ? rawId : null,
      result: 'rejected',
    };
    results.push(result);
    const parsed = AppEvent.safeParse(raw);
    if (!parsed.success) {
      result.errors = zodErrors(parsed.error.issues);
      continue;
    }
    const event = parsed.data;
    const app = await resolve(event);
    if (!('appId' in app)) {
      result.errors = app as Errors;
      continue;
    }
    if (seen.has(event.id)) {
      result.result = 'duplicate';
      continue;
    }
    seen.add(event.id);
    candidates.push({
      result,
      row: {
        id: event.id,
        developerAppId: app.appId as string,
        type: event.type,
        appVersion: event.app_version ?? (app.version as string | null),
        companyId: event.company_id,
        companyName: event.company_name,
        companyIsDemo: event.company_is_demo,
        userEmail: event.user_email_address ?? null,
        status: event.status ?? DEFAULT_STATUS[event.type],
        occurredAt: new Date(event.occurred_at),
        receivedAt,
      },
    });
  }

  if (candidates.length) {
    // Rows in key order, so parallel batches take their row locks in one order (no deadlock).
    candidates.sort((a, b) => (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0));
    const inserted = await ctx.db.transaction(async (tx) => {
      const ids = await insertNewEvents(
        tx,
        candidates.map((c) => c.row),
      );
      const rows = candidates.map((c) => c.row).filter((row) => ids.has(row.id));
      await addDailyInstalls(tx, dailyDeltas(ctx.config.timeZone, rows));
      await applyLatestEvents(tx, latestPerCompany(rows));
      return ids;
    });
    for (const { result, row } of candidates) result.result = inserted.has(row.id) ? 'accepted' : 'duplicate';
  }
  const count = (kind: AppEventResult['result']) => results.filter((r) => r.result === kind).length;
  return { accepted: count('accepted'), duplicate: count('duplicate'), rejected: count('rejected'), results };
}

/** Install and uninstall counts per app per portal day of the inserted events, in key order. */
export function dailyDeltas(timeZone: string, rows: NewAppEventRow[]) {
  const deltas = new Map<
    string,
    { developerAppId: string; day: string; installs: number; uninstalls: number }
  >();
  for (const row of rows) {
    if (row.type === 'update') continue;
    const day = portalDayOf(timeZone, row.occurredAt as Date);
    const key = `${row.developerAppId} ${day}`;
    const delta = deltas.get(key) ?? { developerAppId: row.developerAppId, day, installs: 0, uninstalls: 0 };
    if (row.type === 'install') delta.installs++;
    else delta.uninstalls++;
    deltas.set(key, delta);
  }
  return [...deltas.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, delta]) => delta);
}

/** The latest inserted event per app × company, as the installation it makes, in key order. */
function latestPerCompany(rows: NewAppEventRow[]): NewInstallationRow[] {
  const latest = new Map<string, NewInstallationRow & { updatedAt: Date; lastEventId: string }>();
  for (const row of rows) {
    const next = {
      developerAppId: row.developerAppId,
      companyId: row.companyId,
      companyName: row.companyName,
      companyIsDemo: row.companyIsDemo as boolean,
      userEmail: row.userEmail ?? null,
      appVersion: row.appVersion ?? null,
      status: row.status,
      installed: row.type !== 'uninstall',
      updatedAt: row.occurredAt as Date,
      lastEventId: row.id,
    };
    const key = `${row.developerAppId} ${row.companyId}`;
    const current = latest.get(key);
    if (!current || isLater(next, current)) latest.set(key, next);
  }
  return [...latest.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
}
