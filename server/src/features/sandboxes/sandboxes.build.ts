/** The sandbox build the provisioning job runs (and staff's instant sandbox, inline). */
import type { AppContext } from '../../platform/context.ts';
import { sendMail } from '../../platform/mail/mail.ts';
import { findApp, findOwner } from '../apps/index.ts';
import { ensureSandboxOauthApplication } from '../credentials/index.ts';
import type { SandboxProvisioner } from './provisioner.ts';
import { sandboxReadyMail } from './sandboxes.mail.ts';
import { findSandbox, updatePendingSandbox } from './sandboxes.repo.ts';

export const SANDBOX_FAILED_MESSAGE = 'Something went wrong building your sandbox.';

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
