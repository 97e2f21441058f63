/**
 * Invitations (spec developer-apps §3): owner and app admins invite by e-mail; whoever holds the link
 * accepts.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  type AcceptInvitationResult,
  type CollaboratorsListQuery,
  type CreateInvitationBody,
  INVITATION_TTL_DAYS,
  type Invitation,
  type InvitationPreview,
} from '@portal/contracts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { sendMail } from '../../platform/mail/mail.ts';
import { findApp, loadAppAccess } from '../apps/index.ts';
import * as mails from './collaborators.mail.ts';
import { findMemberByEmail } from './collaborators.repo.ts';
import { appName, loadManagedApp, MESSAGES } from './collaborators.service.ts';
import * as repo from './invitations.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

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
  const access = await loadManagedApp(ctx, user, body.developer_app_id);
  if (await findMemberByEmail(ctx, access.app.id, email))
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
  const access = await loadManagedApp(ctx, user, appId);
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
  const app = await findApp(ctx, row.invitation.developerAppId);
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
