import { type AppPermissions, appPermissions } from '@portal/contracts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  type DeveloperAppRow,
  findAppForStaff,
  findAppWithRole,
  findAppWithRoleAndOwner,
  type MemberRole,
} from './apps.repo.ts';

export type AppAccess = { app: DeveloperAppRow; role: MemberRole; permissions: AppPermissions };

/**
 * Loads an app with the caller's role and flags. Someone not on the app gets 404 (naming `what` they
 * asked for: the app, or a thing of it), so an app's existence is never revealed to strangers.
 */
export async function loadAppAccess(
  ctx: AppContext,
  user: SessionUser,
  appId: string,
  what = 'Developer app',
): Promise<AppAccess> {
  const row = await findAppWithRole(ctx, appId, user.id);
  if (!row?.role) throw notFound(what);
  return { app: row.app, role: row.role, permissions: appPermissions(row.role, user) };
}

export type AppOwner = { id: string; name: string; email: string };

/** loadAppAccess and the app's owner, read together (one round trip for the single app's page). */
export async function loadAppAccessAndOwner(
  ctx: AppContext,
  user: SessionUser,
  appId: string,
): Promise<AppAccess & { owner: AppOwner }> {
  const row = await findAppWithRoleAndOwner(ctx, appId, user.id);
  if (!row?.role) throw notFound('Developer app');
  return { app: row.app, role: row.role, permissions: appPermissions(row.role, user), owner: row.owner };
}

/** Throws 403 naming what the caller cannot do when a flag is off. */
export function requirePermission(access: AppAccess, flag: keyof AppPermissions, action: string): void {
  if (!access.permissions[flag]) throw new AppError('forbidden', `You do not have permission to ${action}`);
}

/**
 * For what every person on the app and platform staff may read (the engagement report, API usage):
 * staff see any app (deleted ones too, like the admin app page); others only apps they are on (404).
 */
export async function requireAppReader(ctx: AppContext, user: SessionUser, appId: string): Promise<void> {
  if (user.role !== 'admin') return void (await loadAppAccess(ctx, user, appId));
  if (!(await findAppForStaff(ctx, appId))) throw notFound('Developer app');
}
