/**
 * What the authorization server (features/oauth) needs of an app's OAuth clients: the client of an
 * environment by its id, the secret check, the token store, and revoking every grant of a client
 * when its secret is reset or its app deleted.
 */
import type { AppContext } from '../../platform/context.ts';
import { secretMatches } from '../../platform/secrets.ts';
import { findApp } from '../apps/index.ts';
import { clientIdsOfApp, findByClientId, type OauthApplicationRow } from './credentials.repo.ts';
import { deleteOauthTokensOfClients, findLiveAccessToken } from './credentials.tokens.repo.ts';

/** The two authorization servers: sandbox (its monthly sandboxes too) and production. */
export type OauthEnvironment = 'sandbox' | 'production';

const ENVIRONMENTS: Record<OauthEnvironment, ReadonlyArray<OauthApplicationRow['environment']>> = {
  sandbox: ['sandbox', 'monthly_sandbox'],
  production: ['production'],
};

export type OauthClient = OauthApplicationRow & { appName: string };

/**
 * A client of this environment whose app still exists, or null: a production client is unknown to
 * the sandbox server and the other way round, so a token of one is refused by the other.
 */
export async function findClientOfEnvironment(
  ctx: AppContext,
  environment: OauthEnvironment,
  clientId: string,
): Promise<OauthClient | null> {
  if (clientId.length > 200) return null;
  const client = await findByClientId(ctx, clientId);
  if (!client || !ENVIRONMENTS[environment].includes(client.environment)) return null;
  const app = await findApp(ctx, client.developerAppId);
  if (!app) return null;
  return { ...client, appName: app.name ?? app.internalName };
}

/**
 * A live access token of this environment's server by its value, with its client (the app not
 * deleted): the platform API's bearer check, in two round trips. Null for anything else.
 */
export async function findAccessTokenOfEnvironment(
  ctx: AppContext,
  environment: OauthEnvironment,
  value: string,
): Promise<{ kind: string; payload: Record<string, unknown>; expiresAt: Date; client: OauthClient } | null> {
  const token = await findLiveAccessToken(ctx, value, ENVIRONMENTS[environment]);
  if (!token) return null;
  const app = await findApp(ctx, token.client.developerAppId);
  if (!app) return null;
  return { ...token, client: { ...token.client, appName: app.name ?? app.internalName } };
}

/**
 * The client secret check: the stored hash, compared in constant time; no hash (a public client, a
 * production secret not yet issued) or anything unexpected is a mismatch.
 */
export async function clientSecretMatches(ctx: AppContext, clientId: string, secret: unknown) {
  try {
    if (typeof secret !== 'string' || !secret) return false;
    const client = await findByClientId(ctx, clientId);
    return Boolean(client?.confidential) && secretMatches(secret, client?.secretHash ?? null);
  } catch (error) {
    ctx.log.error({ err: error }, 'client secret check failed');
    return false;
  }
}

/** Revokes every grant, code and token of these clients at once. */
export async function revokeClientGrants(ctx: AppContext, clientIds: string[]) {
  const revoked = await deleteOauthTokensOfClients(ctx, clientIds);
  if (revoked) ctx.log.info({ clientIds, revoked }, 'revoked every grant of the OAuth clients');
  return revoked;
}

/** Revokes every grant and token of an app's OAuth clients (of one environment, or all: the app was deleted). */
export async function revokeAppGrants(
  ctx: AppContext,
  developerAppId: string,
  environment?: OauthEnvironment,
) {
  return revokeClientGrants(
    ctx,
    await clientIdsOfApp(ctx, developerAppId, environment && ENVIRONMENTS[environment]),
  );
}
