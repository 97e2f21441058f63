/** The only module that queries app_events, app_installations and app_daily_installs. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { anyRowOfAppIn, daysOfApp, firstDayOfApp, totalsOfApp } from '../../db/app-rows.ts';
import type { Tx } from '../../db/client.ts';
import {
  appDailyInstalls,
  appEvents,
  appInstallations,
  marketplaceListingViews,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';

export type NewAppEventRow = typeof appEvents.$inferInsert;
export type InstallationRow = typeof appInstallations.$inferSelect;
export type NewInstallationRow = typeof appInstallations.$inferInsert;

/** Inserts the events whose ids were never seen; answers the ids it inserted. Moves app_events. */
export async function insertNewEvents(tx: Tx, rows: NewAppEventRow[]): Promise<Set<string>> {
  if (!rows.length) return new Set();
  const inserted = await tx
    .insert(appEvents)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: appEvents.id });
  return new Set(inserted.map((row) => row.id));
}

/** Adds install and uninstall counts to the apps' days. Moves app_daily_installs (db/derived.ts). */
export async function addDailyInstalls(
  tx: Tx,
  rows: Array<{ developerAppId: string; day: string; installs: number; uninstalls: number }>,
) {
  if (!rows.length) return;
  await tx
    .insert(appDailyInstalls)
    .values(rows)
    .onConflictDoUpdate({
      target: [appDailyInstalls.developerAppId, appDailyInstalls.day],
      set: {
        installs: sql`${appDailyInstalls.installs} + excluded.installs`,
        uninstalls: sql`${appDailyInstalls.uninstalls} + excluded.uninstalls`,
      },
    });
}

/**
 * Each company's installation becomes what its latest event says: a row replaces the stored one only
 * when its (updated_at, last_event_id) is later, so any arrival order ends the same. Event ids are
 * ASCII, compared byte-wise (collate "C") as the service compares them. Moves app_installations.
 */
export async function applyLatestEvents(tx: Tx, rows: NewInstallationRow[]) {
  if (!rows.length) return;
  const set = Object.fromEntries(
    (
      [
        ['companyName', 'company_name'],
        ['companyIsDemo', 'company_is_demo'],
        ['userEmail', 'user_email'],
        ['appVersion', 'app_version'],
        ['status', 'status'],
        ['installed', 'installed'],
        ['updatedAt', 'updated_at'],
        ['lastEventId', 'last_event_id'],
      ] as const
    ).map(([key, column]) => [key, sql.raw(`excluded.${column}`)]),
  );
  await tx
    .insert(appInstallations)
    .values(rows)
    .onConflictDoUpdate({
      target: [appInstallations.developerAppId, appInstallations.companyId],
      set,
      setWhere: sql`(${appInstallations.updatedAt}, ${appInstallations.lastEventId} collate "C") < (excluded.updated_at, excluded.last_event_id collate "C")`,
    });
}

const INSTALL_COUNTS = { installs: appDailyInstalls.installs, uninstalls: appDailyInstalls.uninstalls };

/** Install and uninstall counts per day of one app between two days (inclusive). */
export const dailyInstalls = (ctx: AppContext, appId: string, from: string, to: string) =>
  daysOfApp(ctx.db, appDailyInstalls, { day: appDailyInstalls.day, ...INSTALL_COUNTS }, { appId, from, to });

/** Install and uninstall totals of one app between two days (inclusive): one row, summed by the database. */
export const installTotals = (ctx: AppContext, appId: string, from: string, to: string) =>
  totalsOfApp(ctx.db, appDailyInstalls, INSTALL_COUNTS, { appId, from, to });

/** The app's first day with an install or uninstall, or null. */
export const firstInstallDay = (ctx: AppContext, appId: string) =>
  firstDayOfApp(ctx.db, appDailyInstalls, appId);

/** Whether the platform ever reported an event of the app: one probe of the events' index. */
/** Any marketplace view or app event of the app (the views are the marketplace's rows, read here only). */
export const anyMetrics = (ctx: AppContext, appId: string) =>
  anyRowOfAppIn(ctx.db, [marketplaceListingViews, appEvents], appId);

export async function installationsByIds(ctx: AppContext, ids: string[]): Promise<InstallationRow[]> {
  return ctx.db.select().from(appInstallations).where(inArray(appInstallations.id, ids));
}

/** A row of installations.csv: the spec's fields, plain values (the time as `toISOString()` writes it). */
export type InstallationCsvRow = {
  id: string;
  company_name: string;
  company_is_demo: boolean;
  user_email_address: string | null;
  procore_updated_at: string;
  status: string;
};

/**
 * One keyset batch of the CSV, newest first: the rows after `after` (the last row's time and id). A
 * short statement of its own, never a cursor or a transaction held across batches. Only the file's
 * columns (the e-mail only `withEmail`), read raw rather than through Drizzle's per-column mapping: a
 * file is a million rows, and every microsecond per row is spent on the server's event loop.
 */
export async function installationsCsvBatch(
  ctx: AppContext,
  appId: string,
  limit: number,
  withEmail: boolean,
  after: { updatedAt: string; id: string } | null,
): Promise<InstallationCsvRow[]> {
  const t = appInstallations;
  const result = (await ctx.db.execute(sql`
    select ${t.id} as id, ${t.companyName} as company_name, ${t.companyIsDemo} as company_is_demo,
           ${withEmail ? t.userEmail : sql`null`} as user_email_address,
           ${t.updatedAt} as procore_updated_at,
           ${t.status} as status
    from ${t}
    where ${t.developerAppId} = ${appId}
      ${
        // A row comparison, so the bound is an index condition on (app, updated_at, id): each batch
        // starts where the last ended instead of filtering its way there.
        after
          ? sql`and (${t.updatedAt}, ${t.id}) < (${after.updatedAt}::timestamptz, ${after.id}::uuid)`
          : sql``
      }
    order by ${t.updatedAt} desc, ${t.id} desc
    limit ${limit}`)) as unknown as { rows: InstallationCsvRow[] };
  for (const row of result.rows) row.procore_updated_at = new Date(row.procore_updated_at).toISOString();
  return result.rows;
}

/** The companies where the app is installed now (optionally: installed by this user), by name. */
export async function installedCompanies(ctx: AppContext, appId: string, userEmail?: string) {
  return ctx.db
    .select({ id: appInstallations.companyId, name: appInstallations.companyName })
    .from(appInstallations)
    .where(
      and(
        eq(appInstallations.developerAppId, appId),
        eq(appInstallations.installed, true),
        userEmail ? sql`lower(${appInstallations.userEmail}) = ${userEmail.toLowerCase()}` : undefined,
      ),
    )
    .orderBy(asc(appInstallations.companyName), asc(appInstallations.companyId))
    .limit(1000);
}
