import {
  type Collaborator,
  type CollaboratorsListQuery,
  MAX_PER_PAGE,
  roleAllows,
  type UpdateCollaboratorsBody,
} from '@portal/contracts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { sendMail } from '../../platform/mail/mail.ts';
import { type AppAccess, loadAppAccess } from '../apps/index.ts';
import * as mails from './collaborators.mail.ts';
import * as repo from './collaborators.repo.ts';

export const MESSAGES = {
  alreadyCollaborator: 'This person is already a collaborator on this app',
  alreadyInvited: 'An invitation for this email address is already pending',
  notPending: 'This invitation is no longer pending',
  removeSelf: 'You cannot remove yourself from an app',
  removeOwner: 'The owner cannot be removed; transfer ownership first',
  changeOwnRole: 'You cannot change your own role',
  changeOwnerRole: "The owner's role cannot be changed; transfer ownership instead",
  transferOwnerOnly: 'Only the owner can transfer ownership',
  transferSelf: 'You already own this app',
  transferStale: 'The collaborators changed; reload and try again',
  wrongAccount:
    'This invitation was sent to a different email address. Sign in with that address to accept it.',
  expired: 'This invitation has expired. Ask for a new one.',
  used: 'This invitation has already been accepted',
  canceled: 'This invitation was canceled',
} as const;

/**
 * The app, for someone who may manage its people: matrix row "Update Collaborator Permissions"
 * (owner and admins invite, remove and change roles).
 */
export async function loadManagedApp(ctx: AppContext, user: SessionUser, appId: string): Promise<AppAccess> {
  const access = await loadAppAccess(ctx, user, appId);
  if (!roleAllows(access.role, 'updateCollaborators'))
    throw forbidden('You do not have permission to manage collaborators');
  return access;
}

export const appName = (access: AppAccess) => access.app.name ?? access.app.internalName;

function toCollaborator(row: Awaited<ReturnType<typeof repo.listMembers>>[number]): Collaborator {
  const name = row.name?.trim() ? row.name : null;
  return {
    id: row.member.id,
    user_id: row.member.userId,
    role: row.member.role,
    name,
    email: row.email,
    developer: { name, email: row.email },
  };
}

/** Every member of the app may see who else is on it. */
export async function listCollaborators(
  ctx: AppContext,
  user: SessionUser,
  query: Omit<CollaboratorsListQuery, 'page' | 'per_page'> & Partial<CollaboratorsListQuery>,
) {
  const access = await loadAppAccess(ctx, user, query.developer_app_id);
  const page = await repo.pageMembers(ctx, access.app.id, {
    page: query.page ?? 1,
    per_page: query.per_page ?? MAX_PER_PAGE,
    cursor: query.cursor,
    search: query['filters[search]'],
  });
  return { ...page, rows: page.rows.map(toCollaborator) };
}

/** After a change: the first page, as `GET /collaborators` answers it. */
async function collaboratorsAfterChange(
  ctx: AppContext,
  user: SessionUser,
  appId: string,
): Promise<Collaborator[]> {
  return (await listCollaborators(ctx, user, { developer_app_id: appId })).rows;
}

export async function updateRoles(ctx: AppContext, user: SessionUser, body: UpdateCollaboratorsBody) {
  const access = await loadManagedApp(ctx, user, body.developer_app_id);
  const members = await repo.listMembers(ctx, access.app.id);
  for (const change of body.collaborators) {
    const target = members.find((row) => row.member.id === change.id);
    if (!target) throw notFound('Collaborator');
    if (target.member.role === 'owner') throw forbidden(MESSAGES.changeOwnerRole);
    if (target.member.userId === user.id) throw forbidden(MESSAGES.changeOwnRole);
  }
  await repo.updateMemberRoles(ctx, access.app.id, body.collaborators);
  return collaboratorsAfterChange(ctx, user, access.app.id);
}

export async function removeCollaborator(
  ctx: AppContext,
  user: SessionUser,
  appId: string,
  memberId: string,
) {
  const access = await loadManagedApp(ctx, user, appId);
  const target = await repo.findMember(ctx, access.app.id, memberId);
  if (!target) throw notFound('Collaborator');
  if (target.member.userId === user.id) throw forbidden(MESSAGES.removeSelf);
  if (target.member.role === 'owner') throw forbidden(MESSAGES.removeOwner);
  if (!(await repo.deleteMember(ctx, access.app.id, memberId))) throw notFound('Collaborator');
  await sendMail(ctx, {
    to: target.email,
    template: 'collaborators.removed',
    idempotencyKey: `collaborators.removed:${target.member.id}`,
    ...mails.collaboratorRemovedMail(ctx.config, { appName: appName(access) }),
  });
}

export async function transferOwnership(ctx: AppContext, user: SessionUser, appId: string, memberId: string) {
  const access = await loadAppAccess(ctx, user, appId);
  if (access.role !== 'owner') throw forbidden(MESSAGES.transferOwnerOnly);
  const target = await repo.findMember(ctx, access.app.id, memberId);
  if (!target) throw notFound('Collaborator');
  if (target.member.userId === user.id) throw new AppError('conflict', MESSAGES.transferSelf);
  const promoted = await repo.transferOwnership(ctx, {
    appId: access.app.id,
    fromUserId: user.id,
    toMemberId: target.member.id,
  });
  if (!promoted) throw new AppError('stale_state', MESSAGES.transferStale);
  const input = {
    appName: appName(access),
    appId: access.app.id,
    newOwnerName: target.name,
    formerOwnerName: user.name,
  };
  const key = `collaborators.transfer:${access.app.id}:${promoted.updatedAt.getTime()}`;
  await sendMail(ctx, {
    to: target.email,
    template: 'collaborators.ownership_transferred',
    idempotencyKey: `${key}:new`,
    ...mails.ownershipTransferredMail(ctx.config, { ...input, toNewOwner: true }),
  });
  await sendMail(ctx, {
    to: user.email,
    template: 'collaborators.ownership_transferred',
    idempotencyKey: `${key}:former`,
    ...mails.ownershipTransferredMail(ctx.config, { ...input, toNewOwner: false }),
  });
  return collaboratorsAfterChange(ctx, user, access.app.id);
}

/** Staff only (the admin app page): makes `userId` the owner; the previous owner stays as an admin. */
export async function assignOwnerAsStaff(ctx: AppContext, appId: string, userId: string): Promise<void> {
  await repo.assignOwner(ctx, { appId, userId });
}

/** The app's people as the single app shows them: owner first, then admins, then developers. */
export async function appMembers(ctx: AppContext, appId: string) {
  return (await repo.listMembers(ctx, appId)).map((row) => ({
    id: row.member.id,
    role: row.member.role,
    developer: { name: row.name, email: row.email },
  }));
}
