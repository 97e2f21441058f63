import { createHash, randomBytes } from 'node:crypto';
import {
  type AcceptInvitationResult,
  type Collaborator,
  type CollaboratorsListQuery,
  type CreateInvitationBody,
  INVITATION_TTL_DAYS,
  type Invitation,
  type InvitationPreview,
  MAX_PER_PAGE,
  roleAllows,
  type UpdateCollaboratorsBody,
} from '@portal/contracts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { sendMail } from '../../platform/mail/mail.ts';
import { type AppAccess, loadAppAccess } from '../apps/app-access.ts';
import * as mails from './collaborators.mail.ts';
import * as repo from './collaborators.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

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

/** Matrix row "Update Collaborator Permissions": owner and admins invite, remove and change roles. */
function requireManage(access: AppAccess): void {
  if (!roleAllows(access.role, 'updateCollaborators'))
    throw forbidden('You do not have permission to manage collaborators');
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const appName = (access: AppAccess) => access.app.name ?? access.app.internalName;

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

function toInvitation(ctx: AppContext, row: repo.InvitationRow, inviterName: string | null): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.status,
    expired: row.status === 'pending' && row.expiresAt.getTime() <= ctx.clock.now().getTime(),
    expires_at: row.expiresAt.toISOString(),
    invited_by: inviterName ? { name: inviterName } : null,
    created_at: row.createdAt.toISOString(),
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
  const access = await loadAppAccess(ctx, user, body.developer_app_id);
  requireManage(access);
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
  const access = await loadAppAccess(ctx, user, appId);
  requireManage(access);
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

export async function listInvitations(ctx: AppContext, user: SessionUser, query: CollaboratorsListQuery) {
  const access = await loadAppAccess(ctx, user, query.developer_app_id);
  const page = await repo.pagePendingInvitations(ctx, access.app.id, {
    ...query,
    search: query['filters[search]'],
  });
  return { ...page, rows: page.rows.map((row) => toInvitation(ctx, row.invitation, row.inviterName)) };
}

export async function invite(
  ctx: AppContext,
  user: SessionUser,
  body: CreateInvitationBody,
): Promise<Invitation> {
  const email = body.email.trim().toLowerCase();
  const access = await loadAppAccess(ctx, user, body.developer_app_id);
  requireManage(access);
  if (await repo.findMemberByEmail(ctx, access.app.id, email))
    throw new AppError('conflict', MESSAGES.alreadyCollaborator, {
      errors: [MESSAGES.alreadyCollaborator],
      fields: { email: [MESSAGES.alreadyCollaborator] },
    });
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.clock.now().getTime() + INVITATION_TTL_DAYS * DAY_MS);
  const row = await repo.insertInvitation(ctx, {
    developerAppId: access.app.id,
    email,
    role: body.role as 'admin' | 'developer',
    tokenHash: hashToken(token),
    expiresAt,
    invitedById: user.id,
    createdAt: ctx.clock.now(),
    updatedAt: ctx.clock.now(),
  });
  if (!row)
    throw new AppError('conflict', MESSAGES.alreadyInvited, {
      errors: [MESSAGES.alreadyInvited],
      fields: { email: [MESSAGES.alreadyInvited] },
    });
  await sendMail(ctx, {
    to: email,
    template: 'collaborators.invitation',
    idempotencyKey: `collaborators.invitation:${row.id}`,
    ...mails.invitationMail(ctx.config, {
      inviterName: user.name,
      appName: appName(access),
      role: row.role,
      token,
      expiresAt,
    }),
  });
  return toInvitation(ctx, row, user.name);
}

export async function cancelInvitation(
  ctx: AppContext,
  user: SessionUser,
  appId: string,
  invitationId: string,
) {
  const access = await loadAppAccess(ctx, user, appId);
  requireManage(access);
  const existing = await repo.findInvitation(ctx, access.app.id, invitationId);
  if (!existing) throw notFound('Invitation');
  const row = await repo.cancelInvitation(ctx, existing.id);
  if (!row) throw new AppError('stale_state', MESSAGES.notPending);
  await sendMail(ctx, {
    to: row.email,
    template: 'collaborators.invitation_canceled',
    idempotencyKey: `collaborators.invitation_canceled:${row.id}`,
    ...mails.invitationCanceledMail(ctx.config, { appName: appName(access) }),
  });
  return toInvitation(ctx, row, null);
}

/** `d••••@example.com`: enough for the holder of the link to recognise the address. */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}••••@${domain}`;
}

async function loadByToken(ctx: AppContext, token: string) {
  const row = await repo.findInvitationByTokenHash(ctx, hashToken(token));
  if (!row) throw notFound('Invitation');
  const app = await repo.findLiveApp(ctx, row.invitation.developerAppId);
  if (!app) throw notFound('Invitation');
  const expired = row.invitation.expiresAt.getTime() <= ctx.clock.now().getTime();
  const state =
    row.invitation.status === 'pending' ? (expired ? 'expired' : 'pending') : row.invitation.status;
  return { ...row, app, state } as const;
}

/** Public: what the accept page shows to whoever holds the link. */
export async function previewInvitation(ctx: AppContext, token: string): Promise<InvitationPreview> {
  const { invitation, inviterName, app, state } = await loadByToken(ctx, token);
  return {
    app_name: app.name ?? app.internalName,
    inviter_name: inviterName,
    role: invitation.role,
    state,
    email_hint: maskEmail(invitation.email),
    email: state === 'pending' ? invitation.email : null,
  };
}

export async function acceptInvitation(
  ctx: AppContext,
  user: SessionUser,
  token: string,
): Promise<AcceptInvitationResult> {
  const { invitation, app, state } = await loadByToken(ctx, token);
  if (state === 'canceled') throw new AppError('stale_state', MESSAGES.canceled);
  if (state === 'accepted') throw new AppError('stale_state', MESSAGES.used);
  if (state === 'expired') throw new AppError('stale_state', MESSAGES.expired);
  if (invitation.email !== user.email.toLowerCase()) throw forbidden(MESSAGES.wrongAccount);
  const used = await repo.acceptInvitation(ctx, invitation, user.id);
  if (!used) throw new AppError('stale_state', MESSAGES.used);
  const inviter = await repo.findUserSummary(ctx, invitation.invitedById);
  if (inviter) {
    await sendMail(ctx, {
      to: inviter.email,
      template: 'collaborators.invitation_accepted',
      idempotencyKey: `collaborators.invitation_accepted:${invitation.id}`,
      ...mails.invitationAcceptedMail(ctx.config, {
        accepterName: user.name,
        appName: app.name ?? app.internalName,
        appId: app.id,
        role: invitation.role,
      }),
    });
  }
  return { developer_app_id: app.id, role: invitation.role };
}

/** Staff only (the admin app page): makes `userId` the owner; the previous owner stays as an admin. */
export async function assignOwnerAsStaff(ctx: AppContext, appId: string, userId: string): Promise<void> {
  await repo.assignOwner(ctx, { appId, userId });
}
