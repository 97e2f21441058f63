import type { IssuedSecret, SandboxOauthApp, UpdateSandboxBody } from '@portal/contracts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { sendMail } from '../../platform/mail/mail.ts';
import { maskSecret } from '../../platform/secrets.ts';
import { loadAppAccess, requirePermission } from '../apps/app-access.ts';
import { type DeveloperAppRow, findApp, findOwner } from '../apps/apps.repo.ts';
import { findOauthApplication, updateOauthApplication } from '../credentials/credentials.repo.ts';
import { ensureSandboxOauthApplication, issueSecret } from '../credentials/credentials.service.ts';
import type { SandboxProvisioner } from './provisioner.ts';
import { provisionSandboxJob } from './sandboxes.jobs.ts';
import { sandboxReadyMail } from './sandboxes.mail.ts';
import {
  findSandbox,
  findSandboxForApp,
  type SandboxRow,
  updatePendingSandbox,
  upsertPendingSandbox,
} from './sandboxes.repo.ts';

export const SANDBOX_FAILED_MESSAGE = 'Something went wrong building your sandbox.';
export const OWNER_ONLY_SANDBOX = 'Please ask the app owner to generate a sandbox';

/** Puts the app's sandbox in pending and queues the build after the configured provisioning time. */
export async function requestSandbox(ctx: AppContext, developerAppId: string): Promise<SandboxRow> {
  const sandbox = await upsertPendingSandbox(ctx, developerAppId);
  // pg-boss compares startAfter with the database clock, so this uses real time, not ctx.clock.
  const startAfter = new Date(Date.now() + ctx.config.sandboxProvisionSeconds * 1000);
  await ctx.jobs.send(provisionSandboxJob, { sandboxId: sandbox.id }, { startAfter });
  return sandbox;
}

/**
 * Builds a pending sandbox: the provisioner makes the company, then the sandbox gets its OAuth client
 * and goes live, and the owner is told. Safe to run again after dying at any point (a retried job):
 * the client is reused, the live switch happens once, and the e-mail's key is the live switch's, so
 * a second run queues nothing new. A provisioner failure marks the sandbox failed at once (the owner
 * can generate it again); any other failure is thrown for the job to retry, and the last attempt
 * marks it failed rather than leave it pending for ever.
 */
export async function buildSandbox(
  ctx: AppContext,
  sandboxId: string,
  { finalAttempt }: { finalAttempt: boolean },
): Promise<void> {
  let sandbox = await findSandbox(ctx, sandboxId);
  if (!sandbox) return;
  const app = await findApp(ctx, sandbox.developerAppId);
  if (!app) return;
  const appName = app.name ?? app.internalName;
  if (sandbox.status === 'pending') {
    const pending = sandbox;
    let built: Awaited<ReturnType<SandboxProvisioner['provision']>>;
    try {
      built = await ctx.sandboxProvisioner.provision({ developerAppId: app.id, appName });
    } catch (error) {
      ctx.log.error({ err: error, sandboxId }, 'sandbox provisioning failed');
      await markFailed(ctx, pending.id);
      return;
    }
    try {
      const client = await ensureSandboxOauthApplication(ctx, app);
      const live = await updatePendingSandbox(ctx, pending.id, {
        status: 'live',
        companyId: built.companyId,
        url: built.url,
        failureMessage: null,
        oauthApplicationId: pending.oauthApplicationId ?? client.id,
      });
      sandbox = live ?? (await findSandbox(ctx, pending.id));
    } catch (error) {
      if (finalAttempt) await markFailed(ctx, pending.id);
      throw error;
    }
  }
  if (sandbox?.status !== 'live' || !sandbox.url) return;
  const owner = await findOwner(ctx, app.ownerId);
  await sendMail(ctx, {
    to: owner.email,
    template: 'sandbox_ready',
    // The moment it went live: the same for every run that finds it live, new after a regeneration.
    idempotencyKey: `sandbox-ready:${sandbox.id}:${sandbox.updatedAt.getTime()}`,
    ...sandboxReadyMail(ctx.config, {
      ownerName: owner.name,
      appName,
      appId: app.id,
      sandboxUrl: sandbox.url,
    }),
  });
}

async function markFailed(ctx: AppContext, sandboxId: string) {
  await updatePendingSandbox(ctx, sandboxId, { status: 'failed', failureMessage: SANDBOX_FAILED_MESSAGE });
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
  const access = await loadAppAccess(ctx, user, sandbox.developerAppId).catch(() => {
    throw notFound('Sandbox');
  });
  return { sandbox, access };
}

export async function updateSandbox(ctx: AppContext, user: SessionUser, id: string, body: UpdateSandboxBody) {
  const { sandbox, access } = await loadSandboxAccess(ctx, user, id);
  requirePermission(access, 'canEdit', 'edit the sandbox settings');
  if (!sandbox.oauthApplicationId) throw new AppError('conflict', 'The sandbox is not live yet');
  await updateOauthApplication(ctx, sandbox.oauthApplicationId, {
    ...(body.redirect_uri !== undefined ? { redirectUri: body.redirect_uri.trim() } : {}),
    ...(body.allowed_cors_domain !== undefined ? { allowedCorsDomain: body.allowed_cors_domain.trim() } : {}),
  });
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
  await updateOauthApplication(ctx, sandbox.oauthApplicationId, {
    ...(body.redirect_uri !== undefined ? { redirectUri: body.redirect_uri.trim() } : {}),
    ...(body.allowed_cors_domain !== undefined ? { allowedCorsDomain: body.allowed_cors_domain.trim() } : {}),
  });
}
