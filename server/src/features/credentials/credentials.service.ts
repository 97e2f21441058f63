import type {
  IssuedSecret,
  OauthApplication,
  ProductionCredentials,
  ResetSecretBody,
} from '@portal/contracts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import {
  decryptSecret,
  encryptSecret,
  generateClientId,
  generateSecret,
  hashSecret,
  keyringFor,
  maskSecret,
  secretMatches,
  secretParts,
} from '../../platform/secrets.ts';
import { type DeveloperAppRow, findApp, loadAppAccess, requirePermission } from '../apps/index.ts';
import { revokeClientGrants } from './credentials.grants.ts';
import {
  findByClientId,
  findForApp,
  findOauthApplication,
  findSecretsToReseal,
  insertOauthApplication,
  type OauthApplicationRow,
  resealSecret,
  updateOauthApplication,
} from './credentials.repo.ts';

export const RESET_ACKNOWLEDGEMENT_REQUIRED =
  'Confirm that you understand the current secret stops working immediately';

export function toOauthApplication(row: OauthApplicationRow): OauthApplication {
  return {
    id: row.id,
    developer_app_id: row.developerAppId,
    environment: row.environment,
    uid: row.clientId,
    secret_masked: maskSecret(row.secretPrefix, row.secretLast4),
    redirect_uri: row.redirectUri,
    confidential: row.confidential,
    grant_type: row.grantType,
    allowed_cors_domain: row.allowedCorsDomain,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The production client of an app as the app page shows it (masked secret only). */
export async function productionCredentialsFor(
  ctx: AppContext,
  app: DeveloperAppRow,
): Promise<ProductionCredentials | null> {
  const row = await findForApp(ctx, app.id, 'production');
  if (!row) return null;
  return {
    oauth_application_id: row.id,
    client_id: row.clientId,
    confidential: row.confidential,
    grant_type: row.grantType,
    redirect_uri: row.redirectUri,
    secret_masked: maskSecret(row.secretPrefix, row.secretLast4),
  };
}

/**
 * The app's sandbox OAuth client: the one a build that died half-way already made, else a new one,
 * so a retried sandbox build never leaves a second client behind. Copies the app's owner_id (db/derived.ts).
 */
export async function ensureSandboxOauthApplication(ctx: AppContext, app: DeveloperAppRow) {
  const existing = await findForApp(ctx, app.id, 'sandbox');
  if (existing) return existing;
  const secret = generateSecret();
  return insertOauthApplication(ctx, {
    developerAppId: app.id,
    environment: 'sandbox',
    clientId: generateClientId(),
    secretHash: hashSecret(secret),
    ...secretParts(secret),
    secretEncrypted: encryptSecret(secret, keyringFor(ctx.config)),
    secretIssuedAt: ctx.clock.now(),
    redirectUri: app.redirectUri,
    confidential: true,
    grantType: app.grantType,
    allowedCorsDomain: app.allowedCorsDomain,
    ownerId: app.ownerId,
  });
}

async function loadClient(ctx: AppContext, user: SessionUser, idOrUid: string) {
  const client = await findOauthApplication(ctx, idOrUid);
  if (!client) throw notFound('OAuth application');
  return { client, access: await loadAppAccess(ctx, user, client.developerAppId, 'OAuth application') };
}

export async function getOauthApplication(ctx: AppContext, user: SessionUser, id: string) {
  const { client, access } = await loadClient(ctx, user, id);
  requirePermission(access, 'canViewClientCredentials', 'view these credentials');
  return toOauthApplication(client);
}

/**
 * Issues a new secret and returns it once. The first production issue needs no acknowledgement;
 * every later reset does, because the old secret stops working at once.
 */
export async function resetSecret(
  ctx: AppContext,
  user: SessionUser,
  idOrUid: string,
  body: ResetSecretBody,
): Promise<IssuedSecret> {
  const { client, access } = await loadClient(ctx, user, idOrUid);
  requirePermission(access, 'canModifyCredentials', 'reset the client secret');
  if (!client.confidential) throw fieldError('confidential', 'Public applications have no client secret');
  if (client.secretHash && client.environment === 'production' && !body?.acknowledged)
    throw fieldError('acknowledged', RESET_ACKNOWLEDGEMENT_REQUIRED);
  return issueSecret(ctx, client);
}

/** A client's redirect URIs and CORS origins, as the sandbox settings and the staff app page send them. */
export async function updateClientSettings(
  ctx: AppContext,
  clientId: string,
  body: { redirect_uri?: string | undefined; allowed_cors_domain?: string | undefined },
): Promise<void> {
  await updateOauthApplication(ctx, clientId, {
    ...(body.redirect_uri !== undefined ? { redirectUri: body.redirect_uri.trim() } : {}),
    ...(body.allowed_cors_domain !== undefined ? { allowedCorsDomain: body.allowed_cors_domain.trim() } : {}),
  });
}

/** A new secret; the old one stops working, and every grant and token issued to the client is revoked. */
export async function issueSecret(ctx: AppContext, client: OauthApplicationRow): Promise<IssuedSecret> {
  const secret = generateSecret();
  const parts = secretParts(secret);
  await updateOauthApplication(ctx, client.id, {
    secretHash: hashSecret(secret),
    ...parts,
    secretEncrypted:
      client.environment === 'production' ? null : encryptSecret(secret, keyringFor(ctx.config)),
    secretIssuedAt: ctx.clock.now(),
  });
  await revokeClientGrants(ctx, [client.clientId]);
  return { uid: client.clientId, secret, secret_masked: maskSecret(parts.secretPrefix, parts.secretLast4)! };
}

/** Sandbox secrets are encrypted, so collaborators who may view them can reveal them. */
export async function revealSandboxSecret(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<IssuedSecret> {
  const { client, access } = await loadClient(ctx, user, id);
  requirePermission(access, 'canViewClientCredentials', 'view sandbox credentials');
  if (client.environment === 'production' || !client.secretEncrypted)
    throw new AppError('forbidden', 'Production secrets are shown only once, when issued or reset');
  const keyring = keyringFor(ctx.config);
  const { plain: secret, stale } = decryptSecret(client.secretEncrypted, keyring);
  if (stale) await resealSecret(ctx, client.id, client.secretEncrypted, encryptSecret(secret, keyring));
  return {
    uid: client.clientId,
    secret,
    secret_masked: maskSecret(client.secretPrefix, client.secretLast4)!,
  };
}

/** Whether a client id and secret pair is valid right now (the OAuth token endpoint's check). */
export async function verifyClientSecret(
  ctx: AppContext,
  clientId: string,
  secret: string,
): Promise<boolean> {
  const client = await findByClientId(ctx, clientId);
  if (!client) return false;
  const app = await findApp(ctx, client.developerAppId);
  return Boolean(app) && secretMatches(secret, client.secretHash);
}

/**
 * Seals every stored secret with the current key (after ENCRYPTION_KEY gained a new first key), so
 * the old key can then be dropped. Returns how many were re-sealed and how many no key opens.
 */
export async function resealSecrets(ctx: AppContext): Promise<{ resealed: number; unreadable: number }> {
  const keyring = keyringFor(ctx.config);
  const current = `v2.${keyring.primary.id}.`;
  let resealed = 0;
  let unreadable = 0;
  for (let after = '00000000-0000-0000-0000-000000000000'; ; ) {
    const rows = await findSecretsToReseal(ctx, current, after, 200);
    for (const row of rows) {
      try {
        const { plain } = decryptSecret(row.secretEncrypted!, keyring);
        await resealSecret(ctx, row.id, row.secretEncrypted!, encryptSecret(plain, keyring));
        resealed++;
      } catch (error) {
        unreadable++;
        ctx.log.error({ err: error, oauthApplicationId: row.id }, 'sandbox secret cannot be re-sealed');
      }
    }
    if (rows.length < 200) break;
    after = rows.at(-1)!.id;
  }
  if (resealed || unreadable)
    ctx.log.info({ resealed, unreadable }, 're-sealed secrets with the current key');
  return { resealed, unreadable };
}
