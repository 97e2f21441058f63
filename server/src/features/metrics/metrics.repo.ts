/** The only module that queries app_events, app_installations and app_daily_installs. */
import { and, asc, between, desc, eq, inArray, sql } from 'drizzle-orm';
import { anyRowOfApp, firstDayOfApp } from '../../db/app-rows.ts';
import type { Tx } from '../../db/client.ts';
import { appDailyInstalls, appEvents, appInstallations } from '../../db/schema/index.ts';
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

/** Install and uninstall counts per day of one app between two days (inclusive). */
export async function dailyInstalls(ctx: AppContext, appId: string, from: string, to: string) {
  return ctx.db
    .select({
      day: appDailyInstalls.day,
      installs: appDailyInstalls.installs,
      uninstalls: appDailyInstalls.uninstalls,
    })
    .from(appDailyInstalls)
    .where(and(eq(appDailyInstalls.developerAppId, appId), between(appDailyInstalls.day, from, to)))
    .orderBy(appDailyInstalls.day);
}

/** The app's first day with an install or uninstall, or null. */
export const firstInstallDay = (ctx: AppContext, appId: string) =>
  firstDayOfApp(ctx.db, appDailyInstalls, appId);

/** Whether the platform ever reported an event of the app: one probe of the events' index. */
export const anyEvents = (ctx: AppContext, appId: string) => anyRowOfApp(ctx.db, appEvents, appId);

export async function installationsByIds(ctx: AppContext, ids: string[]): Promise<InstallationRow[]> {
  return ctx.db.select().from(appInstallations).where(inArray(appInstallations.id, ids));
}

/**
 * One keyset batch of the CSV, newest first: the rows after `after` (an updated_at and id). A short
 * statement of its own, never a cursor or a transaction held across batches.
 */
export async function installationsBatch(
  ctx: AppContext,
  appId: string,
  limit: number,
  after: { updatedAt: Date; id: string } | null,
): Promise<InstallationRow[]> {
  return ctx.db
    .select()
    .from(appInstallations)
    .where(
      and(
        eq(appInstallations.developerAppId, appId),
        // A row comparison, so the bound is an index condition on (app, updated_at, id): each batch
        // starts where the last ended instead of filtering its way there.
        after
          ? sql`(${appInstallations.updatedAt}, ${appInstallations.id}) < (${after.updatedAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(appInstallations.updatedAt), desc(appInstallations.id))
    .limit(limit);
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
