import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { oauthApplications, oauthTokens } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';

/**
 * The authorization server's store (oauth_tokens): rows keyed by a hash of the model's id, payloads
 * without it. Every function moves nothing derived.
 */
export type StoredOauthToken = {
  payload: Record<string, unknown>;
  consumedAt: Date | null;
};

/** The row key of a model's id: a token value never reaches the table. */
export function tokenKey(kind: string, id: string): string {
  return createHash('sha256').update(`${kind}:${id}`).digest('hex');
}

export async function upsertOauthToken(
  ctx: AppContext,
  kind: string,
  id: string,
  values: {
    payload: Record<string, unknown>;
    clientId: string | null;
    grantId: string | null;
    uid: string | null;
    expiresAt: Date;
  },
) {
  const key = tokenKey(kind, id);
  await ctx.db
    .insert(oauthTokens)
    .values({ key, kind, ...values })
    .onConflictDoUpdate({
      target: oauthTokens.key,
      set: {
        payload: values.payload,
        clientId: values.clientId,
        grantId: values.grantId,
        uid: values.uid,
        expiresAt: values.expiresAt,
      },
    });
}

/** A live row (expired by the portal's clock are gone, swept or not). */
export async function findOauthToken(
  ctx: AppContext,
  kind: string,
  id: string,
): Promise<StoredOauthToken | null> {
  const [row] = await ctx.db
    .select({
      payload: oauthTokens.payload,
      consumedAt: oauthTokens.consumedAt,
      expiresAt: oauthTokens.expiresAt,
    })
    .from(oauthTokens)
    .where(eq(oauthTokens.key, tokenKey(kind, id)));
  if (!row || row.expiresAt <= ctx.clock.now()) return null;
  return row;
}

export async function findOauthTokenByUid(ctx: AppContext, kind: string, uid: string) {
  const [row] = await ctx.db
    .select({ key: oauthTokens.key, payload: oauthTokens.payload, expiresAt: oauthTokens.expiresAt })
    .from(oauthTokens)
    .where(and(eq(oauthTokens.kind, kind), eq(oauthTokens.uid, uid)));
  if (!row || row.expiresAt <= ctx.clock.now()) return null;
  return row;
}

/**
 * The single use of a code or refresh token: one conditional update, so of two callers racing with
 * the same value exactly one sees `true`. The loser learns the grant it belonged to.
 */
export async function consumeOauthToken(
  ctx: AppContext,
  kind: string,
  id: string,
): Promise<{ consumed: true } | { consumed: false; grantId: string | null }> {
  const key = tokenKey(kind, id);
  const won = await ctx.db
    .update(oauthTokens)
    .set({ consumedAt: ctx.clock.now() })
    .where(and(eq(oauthTokens.key, key), isNull(oauthTokens.consumedAt)))
    .returning({ key: oauthTokens.key });
  if (won.length) return { consumed: true };
  const [row] = await ctx.db
    .select({ grantId: oauthTokens.grantId })
    .from(oauthTokens)
    .where(eq(oauthTokens.key, key));
  return { consumed: false, grantId: row?.grantId ?? null };
}

export async function destroyOauthToken(ctx: AppContext, kind: string, id: string) {
  await ctx.db.delete(oauthTokens).where(eq(oauthTokens.key, tokenKey(kind, id)));
}

/** Everything issued under one grant (codes, access and refresh tokens, the grant itself). */
export async function deleteOauthGrant(ctx: AppContext, grantId: string) {
  await ctx.db.delete(oauthTokens).where(eq(oauthTokens.grantId, grantId));
}

/** Every grant and token of these clients, at once. */
export async function deleteOauthTokensOfClients(ctx: AppContext, clientIds: string[]) {
  if (!clientIds.length) return 0;
  const rows = await ctx.db
    .delete(oauthTokens)
    .where(inArray(oauthTokens.clientId, clientIds))
    .returning({ key: oauthTokens.key });
  return rows.length;
}

/** Rows past their expiry, a batch at a time (the sweep job). */
export async function deleteExpiredOauthTokens(ctx: AppContext, limit: number) {
  const rows = await ctx.db
    .delete(oauthTokens)
    .where(
      inArray(
        oauthTokens.key,
        ctx.db
          .select({ key: oauthTokens.key })
          .from(oauthTokens)
          .where(lte(oauthTokens.expiresAt, sql`${ctx.clock.now().toISOString()}::timestamptz`))
          .limit(limit),
      ),
    )
    .returning({ key: oauthTokens.key });
  return rows.length;
}

/**
 * A live access token by its value, whichever grant issued it (authorization code or client
 * credentials), with its client when that client is of one of `environments`: one round trip.
 */
export async function findLiveAccessToken(
  ctx: AppContext,
  value: string,
  environments: ReadonlyArray<(typeof oauthApplications.$inferSelect)['environment']>,
) {
  const [row] = await ctx.db
    .select({
      kind: oauthTokens.kind,
      payload: oauthTokens.payload,
      expiresAt: oauthTokens.expiresAt,
      client: oauthApplications,
    })
    .from(oauthTokens)
    .innerJoin(oauthApplications, eq(oauthApplications.clientId, oauthTokens.clientId))
    .where(
      and(
        inArray(oauthTokens.key, [tokenKey('AccessToken', value), tokenKey('ClientCredentials', value)]),
        inArray(oauthApplications.environment, [...environments]),
      ),
    );
  if (!row || row.expiresAt <= ctx.clock.now()) return null;
  return row;
}
