import { and, asc, desc, eq, gt, inArray, isNotNull, notLike, sql } from 'drizzle-orm';
import { prepared, rowBy } from '../../db/prepared.ts';
import { oauthApplications } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { isUuid } from '../../platform/ids.ts';

export type OauthApplicationRow = typeof oauthApplications.$inferSelect;
type NewOauthApplicationRow = typeof oauthApplications.$inferInsert;

// Moves oauth_applications.app_internal_name (trigger); the caller copies the app's owner_id (db/derived.ts).
export async function insertOauthApplication(ctx: AppContext, values: NewOauthApplicationRow) {
  const [row] = await ctx.db.insert(oauthApplications).values(values).returning();
  return row!;
}

/** By id, or by client id (uid) — the reset call accepts either. */
export async function findOauthApplication(ctx: AppContext, idOrUid: string) {
  if (!isUuid(idOrUid)) return findByClientId(ctx, idOrUid);
  const [row] = await clientById(ctx.db).execute({ key: idOrUid });
  return row ?? null;
}

export async function findByClientId(ctx: AppContext, clientId: string) {
  const [row] = await clientByClientId(ctx.db).execute({ key: clientId });
  return row ?? null;
}

const clientById = rowBy('oauth_client_by_id', oauthApplications, oauthApplications.id);
const clientByClientId = rowBy('oauth_client_by_client_id', oauthApplications, oauthApplications.clientId);

export async function findForApp(
  ctx: AppContext,
  developerAppId: string,
  environment: OauthApplicationRow['environment'],
) {
  const [row] = await appClient(ctx.db).execute({ developerAppId, environment });
  return row ?? null;
}

const appClient = prepared('app_oauth_client', (db, name) =>
  db
    .select()
    .from(oauthApplications)
    .where(
      and(
        eq(oauthApplications.developerAppId, sql.placeholder('developerAppId')),
        eq(oauthApplications.environment, sql.placeholder('environment')),
      ),
    )
    .orderBy(desc(oauthApplications.createdAt))
    .limit(1)
    .prepare(name),
);

// Moves nothing derived: callers change secrets and settings, never the client's app or owner.
export async function updateOauthApplication(
  ctx: AppContext,
  id: string,
  values: Partial<NewOauthApplicationRow>,
) {
  const [row] = await ctx.db
    .update(oauthApplications)
    .set({ ...values, updatedAt: ctx.clock.now() })
    .where(eq(oauthApplications.id, id))
    .returning();
  return row!;
}

/**
 * Replaces a sealed secret only if it is still the one that was read, so re-sealing under a new key
 * never overwrites a secret reset in the meantime. Moves nothing derived.
 */
export async function resealSecret(ctx: AppContext, id: string, from: string, to: string) {
  await ctx.db
    .update(oauthApplications)
    .set({ secretEncrypted: to })
    .where(and(eq(oauthApplications.id, id), eq(oauthApplications.secretEncrypted, from)));
}

/** Sealed secrets not sealed with the key `currentPrefix` names, in id order from `afterId`. */
export async function findSecretsToReseal(
  ctx: AppContext,
  currentPrefix: string,
  afterId: string,
  limit: number,
) {
  return ctx.db
    .select({ id: oauthApplications.id, secretEncrypted: oauthApplications.secretEncrypted })
    .from(oauthApplications)
    .where(
      and(
        isNotNull(oauthApplications.secretEncrypted),
        notLike(oauthApplications.secretEncrypted, `${currentPrefix}%`),
        gt(oauthApplications.id, afterId),
      ),
    )
    .orderBy(asc(oauthApplications.id))
    .limit(limit);
}

/** The client ids of an app's OAuth clients (of these environments, or all). */
export async function clientIdsOfApp(
  ctx: AppContext,
  developerAppId: string,
  environments?: ReadonlyArray<OauthApplicationRow['environment']>,
) {
  const rows = await ctx.db
    .select({ clientId: oauthApplications.clientId })
    .from(oauthApplications)
    .where(
      and(
        eq(oauthApplications.developerAppId, developerAppId),
        environments ? inArray(oauthApplications.environment, [...environments]) : undefined,
      ),
    );
  return rows.map((row) => row.clientId);
}
