/** The only module that queries app_manifests and app_versions. */
import type { ManifestsQuery } from '@portal/contracts';
import { and, desc, eq, inArray, isNotNull, max, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { appManifests, appVersions, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { isUuid } from '../../platform/ids.ts';
import {
  endingInId,
  type ListRequest,
  type ListSorts,
  listPage,
  resolveSort,
} from '../../platform/list/index.ts';

export type AppVersionRow = typeof appVersions.$inferSelect;
export type NewAppVersionRow = typeof appVersions.$inferInsert;
export type Environment = AppVersionRow['environment'];
export type ReviewState = AppVersionRow['state'];

export async function findVersion(ctx: AppContext | { db: Tx }, id: string): Promise<AppVersionRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await ctx.db.select().from(appVersions).where(eq(appVersions.id, id));
  return row ?? null;
}

/** The app and semantic version an App Version Key installs, or null. */
export async function findByVersionKey(ctx: AppContext, key: string) {
  if (!isUuid(key)) return null;
  const [row] = await ctx.db
    .select({ developerAppId: appVersions.developerAppId, semanticVersion: appVersions.semanticVersion })
    .from(appVersions)
    .where(eq(appVersions.appVersionKey, key.toLowerCase()));
  return row ?? null;
}

/**
 * Runs `work` in a transaction that holds the app's manifest row (created on first use): versions
 * of one app are numbered, checked and moved through review one at a time.
 */
export async function withAppManifestLock<T>(
  ctx: AppContext,
  appId: string,
  work: (tx: Tx, appManifestId: string) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await tx.insert(appManifests).values({ developerAppId: appId }).onConflictDoNothing();
    const [row] = await tx
      .select({ id: appManifests.id })
      .from(appManifests)
      .where(eq(appManifests.developerAppId, appId))
      .for('update');
    return work(tx, row!.id);
  });
}

export async function nextVersionNumber(tx: Tx, appId: string): Promise<number> {
  const [row] = await tx
    .select({ last: max(appVersions.version) })
    .from(appVersions)
    .where(eq(appVersions.developerAppId, appId));
  return (row?.last ?? 0) + 1;
}

/** Every semantic version the app's versions carry, with environment and state (few per app). */
export async function semanticVersions(tx: Tx, appId: string) {
  return tx
    .select({
      environment: appVersions.environment,
      state: appVersions.state,
      semanticVersion: appVersions.semanticVersion,
    })
    .from(appVersions)
    .where(and(eq(appVersions.developerAppId, appId), isNotNull(appVersions.semanticVersion)));
}

export async function newestVersion(
  tx: Tx,
  appId: string,
  filter: { environment?: Environment; state?: ReviewState },
): Promise<AppVersionRow | null> {
  const [row] = await tx
    .select()
    .from(appVersions)
    .where(
      and(
        eq(appVersions.developerAppId, appId),
        filter.environment ? eq(appVersions.environment, filter.environment) : undefined,
        filter.state ? eq(appVersions.state, filter.state) : undefined,
      ),
    )
    .orderBy(desc(appVersions.version))
    .limit(1);
  return row ?? null;
}

export async function findByNumber(tx: Tx, appId: string, environment: Environment, version: number) {
  const [row] = await tx
    .select({ id: appVersions.id })
    .from(appVersions)
    .where(
      and(
        eq(appVersions.developerAppId, appId),
        eq(appVersions.environment, environment),
        eq(appVersions.version, version),
      ),
    );
  return row ?? null;
}

// Moves developer_apps.version_in_review_at for a row inserted in review (trigger; db/derived.ts).
export async function insertVersion(tx: Tx, values: NewAppVersionRow): Promise<AppVersionRow> {
  const [row] = await tx.insert(appVersions).values(values).returning();
  return row!;
}

/**
 * Moves a version on only if it is still in `from` (a concurrent change makes this return null).
 * Moves developer_apps.version_in_review_at and review_owner_email (triggers; db/derived.ts).
 */
export async function updateState(
  tx: Tx,
  id: string,
  from: ReviewState,
  values: Partial<NewAppVersionRow> & { state: ReviewState },
): Promise<AppVersionRow | null> {
  const [row] = await tx
    .update(appVersions)
    .set(values)
    .where(and(eq(appVersions.id, id), eq(appVersions.state, from)))
    .returning();
  return row ?? null;
}

/** What the computed fields of every version of an app depend on (submittable, promotable, …). */
export async function appFacts(ctx: AppContext, appId: string) {
  const newest = (filter: { environment?: Environment; state?: ReviewState }) =>
    newestVersion(ctx.db, appId, filter);
  const [newestProduction, published, inReview, authCode] = await Promise.all([
    newest({ environment: 'production' }),
    newest({ environment: 'production', state: 'published' }),
    newest({ state: 'in_review' }),
    ctx.db
      .select({ id: appVersions.id })
      .from(appVersions)
      .where(and(eq(appVersions.developerAppId, appId), eq(appVersions.authCodeCapable, true)))
      .limit(1),
  ]);
  return { newestProduction, published, inReview, authCodeLocked: authCode.length > 0 };
}
export type AppFacts = Awaited<ReturnType<typeof appFacts>>;

const withCreator = { version: appVersions, creatorName: users.name };

export async function findVersionWithCreator(ctx: AppContext, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await ctx.db
    .select(withCreator)
    .from(appVersions)
    .leftJoin(users, eq(users.id, appVersions.createdById))
    .where(eq(appVersions.id, id));
  return row ?? null;
}
export type VersionWithCreator = NonNullable<Awaited<ReturnType<typeof findVersionWithCreator>>>;

const by = endingInId(appVersions.id, 'uuid');

const SORTS = {
  version: by(appVersions.version, 'integer'),
  created_at: by(appVersions.createdAt, 'timestamptz'),
} satisfies ListSorts<ManifestsQuery>;

/** One page of an app's versions, one environment or both, in an index's order. */
export async function pageVersions(
  ctx: AppContext,
  appId: string,
  filter: { environment?: Environment | undefined; state?: ReviewState | undefined },
  request: ListRequest & Pick<ManifestsQuery, 'sort'>,
) {
  return listPage(
    ctx,
    {
      from: sql`${appVersions}`,
      table: 'app_versions',
      where: and(
        eq(appVersions.developerAppId, appId),
        filter.environment ? eq(appVersions.environment, filter.environment) : undefined,
        filter.state ? eq(appVersions.state, filter.state) : undefined,
      ),
      id: appVersions.id,
    },
    resolveSort(SORTS, request.sort),
    request,
    (ids) =>
      ctx.db
        .select(withCreator)
        .from(appVersions)
        .leftJoin(users, eq(users.id, appVersions.createdById))
        .where(inArray(appVersions.id, ids)),
    (row) => row.version.id,
  );
}
