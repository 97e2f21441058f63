/**
 * The production access request (spec developer-apps §8): the owner or an app admin asks, staff approve (the
 * production client is created) or deny with a reason; the owner hears either way.
 */
import type { RequestProductionAccessBody } from '@portal/contracts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { sendMail } from '../../platform/mail/mail.ts';
import { generateClientId } from '../../platform/secrets.ts';
import {
  type DeveloperAppRow,
  findApp,
  findOwner,
  loadAppAccess,
  requirePermission,
  updateApp,
} from '../apps/index.ts';
import { recordAudit } from '../audit/index.ts';
import { notifyReview } from '../review/index.ts';
import { revokeAppGrants } from './credentials.grants.ts';
import { productionAccessMail, productionRequestedMail } from './credentials.mail.ts';
import { insertOauthApplication } from './credentials.repo.ts';

export async function requestProductionAccess(
  ctx: AppContext,
  user: SessionUser,
  appId: string,
  body: RequestProductionAccessBody,
) {
  const access = await loadAppAccess(ctx, user, appId);
  requirePermission(access, 'canModifyCredentials', 'request production credentials');
  if (access.app.productionAccess !== 'none')
    throw new AppError('conflict', 'Production credentials have already been requested for this app');
  // The request waits in the review queue from now (its own tag, spec admin §2 "In Review At").
  await updateApp(ctx, appId, {
    productionAccess: 'production_pending',
    requestedConfidential: body.confidential,
    productionAccessRequestedAt: ctx.clock.now(),
  });
  if (ctx.config.productionAccessAutoApprove) {
    await approveProductionAccess(ctx, appId);
    return;
  }
  await notifyReview(ctx, {
    kind: 'production_access',
    event: 'submitted',
    subjectId: appId,
    appId,
    template: 'production_access_requested',
    mail: productionRequestedMail(ctx.config, {
      appName: access.app.name ?? access.app.internalName,
      appId,
      requesterName: user.name,
      confidential: body.confidential,
    }),
  });
}

/**
 * Staff approve a pending request: the production client is created; its secret is issued on first view.
 * Copies the app's owner_id onto the client, and the client's id to the app's uid (db/derived.ts).
 */
export async function approveProductionAccess(ctx: AppContext, appId: string, actor?: SessionUser) {
  const app = await findApp(ctx, appId);
  if (!app) throw notFound('Developer app');
  if (app.productionAccess !== 'production_pending')
    throw new AppError('conflict', 'This app has no pending production credentials request');
  const confidential = app.requestedConfidential !== false;
  const client = await insertOauthApplication(ctx, {
    developerAppId: app.id,
    environment: 'production',
    clientId: generateClientId(),
    redirectUri: app.redirectUri,
    confidential,
    grantType: app.grantType,
    allowedCorsDomain: app.allowedCorsDomain,
    ownerId: app.ownerId,
  });
  await updateApp(ctx, app.id, {
    productionAccess: 'production_approved',
    productionAccessRequestedAt: null,
    uid: client.clientId,
    confidential,
  });
  if (actor) await auditDecision(ctx, actor, app.id, 'production_approved', null);
  await notifyOwner(ctx, app, true);
}

export async function denyProductionAccess(
  ctx: AppContext,
  appId: string,
  reason?: string,
  actor?: SessionUser,
) {
  const app = await findApp(ctx, appId);
  if (!app) throw notFound('Developer app');
  if (app.productionAccess !== 'production_pending')
    throw new AppError('conflict', 'This app has no pending production credentials request');
  await updateApp(ctx, app.id, {
    productionAccess: 'none',
    requestedConfidential: null,
    productionAccessRequestedAt: null,
  });
  // Nothing should be issued to an app without production access; if anything was, it goes now.
  await revokeAppGrants(ctx, app.id, 'production');
  if (actor) await auditDecision(ctx, actor, app.id, 'none', reason ?? null);
  await notifyOwner(ctx, app, false, reason);
}

async function notifyOwner(ctx: AppContext, app: DeveloperAppRow, approved: boolean, reason?: string) {
  const owner = await findOwner(ctx, app.ownerId);
  const mail = productionAccessMail(
    ctx.config,
    { ownerName: owner.name, appName: app.name ?? app.internalName, appId: app.id, reason },
    approved,
  );
  await sendMail(ctx, {
    to: owner.email,
    template: approved ? 'production_access_approved' : 'production_access_denied',
    idempotencyKey: `production-access:${app.id}:${approved ? 'approved' : 'denied'}:${Date.now()}`,
    ...mail,
  });
}

function auditDecision(
  ctx: AppContext,
  actor: SessionUser,
  appId: string,
  state: 'production_approved' | 'none',
  reason: string | null,
) {
  const action =
    state === 'none' ? 'developer_app.production_access_deny' : 'developer_app.production_access_approve';
  const after = { production_access: state, ...(reason ? { reason } : {}) };
  return recordAudit(
    ctx,
    actor,
    action,
    { type: 'developer_app', id: appId },
    { production_access: 'production_pending' },
    after,
  );
}
