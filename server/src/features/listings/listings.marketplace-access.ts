/**
 * The marketplace access request (spec developer-apps §2 "Marketplace listing activation"; issue 22):
 * a new app's listing is not enabled, so its owner or an app admin asks staff for it. The request waits
 * in the review queue with its own tag (spec admin §2) and is mailed to the reviewers; staff enable the
 * listing (the same `marketplace_enabled` the admin app page ticks) or decline, and the app's owner
 * and admins hear either way.
 */
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { findApp, loadAppAccess, marketplaceRequestRows, requirePermission } from '../apps/index.ts';
import { notifyReview, recordReviewChange } from '../review/index.ts';
import { marketplaceAccessDecidedMail, marketplaceAccessRequestedMail } from './listings.mail.ts';

export const MARKETPLACE_ACCESS_MESSAGES = {
  enabled: 'The marketplace listing is already enabled for this app',
  requested: 'Marketplace access has already been requested for this app',
  none: 'This app has no pending marketplace access request',
} as const;

const conflict = (message: string) => new AppError('conflict', message, { errors: [message] });

/** The owner or an app admin (Submit Marketplace Listing for Review) asks staff to enable the listing. */
export async function requestMarketplaceAccess(ctx: AppContext, user: SessionUser, appId: string) {
  const access = await loadAppAccess(ctx, user, appId);
  requirePermission(access, 'canSubmitMarketplaceApp', 'request marketplace access');
  const { app } = access;
  if (app.marketplaceEnabled) throw conflict(MARKETPLACE_ACCESS_MESSAGES.enabled);
  const row = await marketplaceRequestRows.request(ctx, app.id, ctx.clock.now());
  if (!row) throw conflict(MARKETPLACE_ACCESS_MESSAGES.requested);
  await notifyReview(ctx, {
    kind: 'marketplace_access',
    event: 'submitted',
    subjectId: app.id,
    appId: app.id,
    template: 'marketplace.access_requested',
    mail: marketplaceAccessRequestedMail(ctx.config, {
      appId: app.id,
      appName: app.name ?? app.internalName,
      requesterName: user.name,
    }),
  });
}

/** Staff enable the listing (approved) or decline the request, with an optional reason. */
export async function decideMarketplaceAccess(
  ctx: AppContext,
  staff: SessionUser,
  appId: string,
  decision: { approved: boolean; reason?: string | undefined },
) {
  const app = await findApp(ctx, appId);
  if (!app) throw notFound('Developer app');
  const decided = await marketplaceRequestRows.decide(ctx, app.id, decision.approved);
  if (!decided) throw conflict(MARKETPLACE_ACCESS_MESSAGES.none);
  const outcome = decision.approved ? 'approved' : 'rejected';
  await recordReviewChange(ctx, staff, {
    appId: app.id,
    event: {
      key: 'developers.apps.marketplace_access.review_state_changed',
      properties: { state: outcome, developer_app_id: app.id },
    },
    audit: {
      action: `developer_app.marketplace_access_${decision.approved ? 'approve' : 'deny'}`,
      before: { marketplace_enabled: app.marketplaceEnabled, marketplace_access_requested: true },
      after: {
        marketplace_enabled: decided.marketplaceEnabled,
        marketplace_access_requested: false,
        ...(decision.reason ? { reason: decision.reason } : {}),
      },
    },
  });
  await notifyReview(ctx, {
    kind: 'marketplace_access',
    event: outcome,
    subjectId: app.id,
    appId: app.id,
    template: `marketplace.access_${outcome}`,
    mail: marketplaceAccessDecidedMail(ctx.config, {
      appId: app.id,
      appName: app.name ?? app.internalName,
      approved: decision.approved,
      reason: decision.reason,
    }),
  });
}
