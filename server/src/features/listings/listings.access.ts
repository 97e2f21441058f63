/**
 * Who may see and change a listing. The app's people reach it through the developer routes (a
 * stranger is told it does not exist); platform staff through the admin routes, for any app.
 */
import { type AppPermissions, appPermissions } from '@portal/contracts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import {
  type DeveloperAppRow,
  findApp,
  findAppWithRole,
  loadAppAccess,
  type MemberRole,
} from '../apps/index.ts';
import { findSubmission, type SubmissionRow } from './listings.repo.ts';

export type Actor = { user: SessionUser; staff: boolean };

export type ListingAccess = {
  user: SessionUser;
  /** Acting through the admin routes. */
  staff: boolean;
  app: DeveloperAppRow;
  role: MemberRole | null;
  permissions: AppPermissions;
};

export const ACCESS_MESSAGES = {
  edit: 'You do not have permission to edit this marketplace listing',
  submit: 'You do not have permission to submit this marketplace listing',
  notActivated: 'The marketplace listing is not activated for this app yet',
  inReview: 'This listing is in review and cannot be changed. Withdraw it from review to make changes.',
  published: 'This listing is published and is not changed in place: save your changes as a new draft.',
  archived: 'This listing was replaced by a newer published one',
} as const;

export async function appListingAccess(ctx: AppContext, actor: Actor, appId: string): Promise<ListingAccess> {
  if (!actor.staff) {
    const access = await loadAppAccess(ctx, actor.user, appId);
    return { user: actor.user, staff: false, ...access };
  }
  const row = await findAppWithRole(ctx, appId, actor.user.id);
  if (!row) throw notFound('Developer app');
  return {
    user: actor.user,
    staff: true,
    app: row.app,
    role: row.role,
    permissions: appPermissions(row.role, actor.user),
  };
}

/** The submission with the caller's access to its app; a caller who may not see the app gets 404. */
export async function submissionAccess(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<{ access: ListingAccess; row: SubmissionRow }> {
  const row = await findSubmission(ctx, id);
  if (!row) throw notFound('Submission');
  try {
    return { access: await appListingAccess(ctx, actor, row.developerAppId), row };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') throw notFound('Submission');
    throw error;
  }
}

/** Saving: owner and app admins (Edit App Settings), or staff. */
export function requireEdit(access: ListingAccess): void {
  if (!access.staff && !access.permissions.canEdit) throw forbidden(ACCESS_MESSAGES.edit);
}

/** Submitting and withdrawing: the matrix row "Submit Marketplace Listing for Review", or staff. */
export function requireSubmit(access: ListingAccess): void {
  if (!access.staff && !access.permissions.canSubmitMarketplaceApp) throw forbidden(ACCESS_MESSAGES.submit);
}

export const viewerOf = (access: ListingAccess) => ({
  staff: access.staff,
  canEdit: access.permissions.canEdit,
  canSubmit: access.permissions.canSubmitMarketplaceApp,
});

/**
 * Whether `user` (or an anonymous visitor) may see a file of the app's listings: anyone when the
 * app's live listing shows it (`shownLive`) and the app is not deleted; otherwise only the app's
 * people and platform staff. Listing files and hosted videos follow this one rule.
 */
export async function maySeeListingFile(
  ctx: AppContext,
  user: SessionUser | null,
  appId: string,
  shownLive: boolean,
): Promise<boolean> {
  if (shownLive && (await findApp(ctx, appId))) return true;
  if (!user) return false;
  if (user.role === 'admin') return true;
  return Boolean((await findAppWithRole(ctx, appId, user.id))?.role);
}
