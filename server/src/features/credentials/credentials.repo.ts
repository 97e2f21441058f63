import { and, desc, eq } from 'drizzle-orm';
import { oauthApplications } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { isUuid } from '../apps/apps.repo.ts';

export type OauthApplicationRow = typeof oauthApplications.$inferSelect;
type NewOauthApplicationRow = typeof oauthApplications.$inferInsert;

export async function insertOauthApplication(ctx: AppContext, values: NewOauthApplicationRow) {
  const [row] = await ctx.db.insert(oauthApplications).values(values).returning();
  return row!;
}

/** By id, or by client id (uid) — the reset call accepts either. */
export async function findOauthApplication(ctx: AppContext, idOrUid: string) {
  const where = isUuid(idOrUid) ? eq(oauthApplications.id, idOrUid) : eq(oauthApplications.clientId, idOrUid);
  const [row] = await ctx.db.select().from(oauthApplications).where(where);
  return row ?? null;
}

export async function findByClientId(ctx: AppContext, clientId: string) {
  const [row] = await ctx.db.select().from(oauthApplications).where(eq(oauthApplications.clientId, clientId));
  return row ?? null;
}

export async function findForApp(
  ctx: AppContext,
  developerAppId: string,
  environment: OauthApplicationRow['environment'],
) {
  const [row] = await ctx.db
    .select()
    .from(oauthApplications)
    .where(
      and(
        eq(oauthApplications.developerAppId, developerAppId),
        eq(oauthApplications.environment, environment),
      ),
    )
    .orderBy(desc(oauthApplications.createdAt))
    .limit(1);
  return row ?? null;
}

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
