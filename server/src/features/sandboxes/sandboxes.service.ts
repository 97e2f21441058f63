import type { IssuedSecret, SandboxOauthApp, UpdateSandboxBody } from '@portal/contracts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { maskSecret } from '../../platform/secrets.ts';
import type { DeveloperAppRow } from '../apps/index.ts';
import { loadAppAccess, requirePermission } from '../apps/index.ts';
import { findOauthApplication, issueSecret, updateClientSettings } from '../credentials/index.ts';
import { buildSandbox } from './sandboxes.build.ts';
import { provisionSandboxJob } from './sandboxes.jobs.ts';
import { findSandbox, findSandboxForApp, type SandboxRow, upsertPendingSandbox } from './sandboxes.repo.ts';

export const OWNER_ONLY_SANDBOX = 'Please ask the app owner to generate a sandbox';

/** Puts the app's sandbox in pending and queues the build after the configured provisioning time. */
export async function requestSandbox(ctx: AppContext, developerAppId: string): Promise<SandboxRow> {
  const sandbox = await upsertPendingSandbox(ctx, developerAppId);
  // pg-boss compares startAfter with the database clock, so this uses real time, not ctx.clock.
  const startAfter = new Date(Date.now() + ctx.config.sandboxProvisionSeconds * 1000);
  await ctx.jobs.send(provisionSandboxJob, { sandboxId: sandbox.id }, { startAfter });
  return sandbox;
}

/** Whether the app's sandbox is live (a sandbox manifest version needs one). */
export async function hasLiveSandbox(ctx: AppContext, appId: string): Promise<boolean> {
  return (await findSandboxForApp(ctx, appId))?.status === 'live';
}

/** The owner (re)generates a sandbox that is missing or failed. */
export async function generateSandbox(ctx: AppContext, user: SessionUser, appId: string) {
  const access = await loadAppAccess(ctx, user, appId);
  if (!access.permissions.canGenerateSandbox) throw new AppError('forbidden', OWNER_ONLY_SANDBOX);
  const existing = await findSandboxForApp(ctx, appId);
  if (existing && existing.status !== 'failed')
    throw new AppError('conflict', 'This app already has a sandbox');
  await requestSandbox(ctx, appId);
}

/** Staff make a sandbox live at once (the kickoff call), skipping the provisioning wait. */
export async function generateFakeSandbox(ctx: AppContext, user: SessionUser, appId: string) {
  const access = await loadAppAccess(ctx, user, appId);
  requirePermission(access, 'canGenerateFakeSandbox', 'generate a sandbox instantly');
  const existing = await findSandboxForApp(ctx, appId);
  if (existing?.status === 'live') return;
  const sandbox = await upsertPendingSandbox(ctx, appId);
  await buildSandbox(ctx, sandbox.id, { finalAttempt: true });
}

async function loadSandboxAccess(ctx: AppContext, user: SessionUser, id: string) {
  const sandbox = await findSandbox(ctx, id);
  if (!sandbox) throw notFound('Sandbox');
  return { sandbox, access: await loadAppAccess(ctx, user, sandbox.developerAppId, 'Sandbox') };
}

export async function updateSandbox(ctx: AppContext, user: SessionUser, id: string, body: UpdateSandboxBody) {
  const { sandbox, access } = await loadSandboxAccess(ctx, user, id);
  requirePermission(access, 'canEdit', 'edit the sandbox settings');
  if (!sandbox.oauthApplicationId) throw new AppError('conflict', 'The sandbox is not live yet');
  await updateClientSettings(ctx, sandbox.oauthApplicationId, body);
  const fresh = await findSandbox(ctx, id);
  return sandboxFor(ctx, access.app, fresh);
}

export async function resetSandboxSecret(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<IssuedSecret> {
  const { sandbox, access } = await loadSandboxAccess(ctx, user, id);
  requirePermission(access, 'canModifyCredentials', 'reset the client secret');
  const client = sandbox.oauthApplicationId
    ? await findOauthApplication(ctx, sandbox.oauthApplicationId)
    : null;
  if (!client) throw new AppError('conflict', 'The sandbox is not live yet');
  return issueSecret(ctx, client);
}

/** The sandbox as the app page shows it (masked secret only). */
export async function sandboxFor(
  ctx: AppContext,
  app: DeveloperAppRow,
  row?: SandboxRow | null,
): Promise<SandboxOauthApp | null> {
  const sandbox = row === undefined ? await findSandboxForApp(ctx, app.id) : row;
  if (!sandbox) return null;
  const client = sandbox.oauthApplicationId
    ? await findOauthApplication(ctx, sandbox.oauthApplicationId)
    : null;
  return {
    id: sandbox.id,
    status: sandbox.status,
    company_id: sandbox.companyId,
    url: sandbox.url,
    app_id: client?.clientId ?? null,
    oauth_application_id: client?.id ?? null,
    secret_masked: client ? maskSecret(client.secretPrefix, client.secretLast4) : null,
    redirect_uri: client?.redirectUri ?? '',
    confidential: client?.confidential ?? true,
    grant_type: client?.grantType ?? app.grantType,
    allowed_cors_domain: client?.allowedCorsDomain ?? '',
    procore_app_id: app.id,
    failure_message: sandbox.failureMessage,
    created_at: sandbox.createdAt.toISOString(),
    updated_at: sandbox.updatedAt.toISOString(),
  };
}

/** Staff edit any app's sandbox client (admin app page, `sandbox_attributes`). */
export async function updateSandboxAsStaff(ctx: AppContext, app: DeveloperAppRow, body: UpdateSandboxBody) {
  const sandbox = await findSandboxForApp(ctx, app.id);
  if (!sandbox?.oauthApplicationId) throw new AppError('conflict', 'The sandbox is not live yet');
  await updateClientSettings(ctx, sandbox.oauthApplicationId, body);
}
