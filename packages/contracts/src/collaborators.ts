import { z } from 'zod';
import { MAX_PER_PAGE, pageQuery, SearchFilter } from './pagination.ts';
import { APP_ROLES } from './rules/app-roles.ts';

/** Roles an invitation or a role change may grant; ownership moves only by transfer. */
export const INVITABLE_ROLES = ['admin', 'developer'] as const;
export const INVITATION_STATUSES = ['pending', 'accepted', 'canceled'] as const;
/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

export const EMAIL_REQUIRED = 'Email is required';
export const EMAIL_INVALID = 'Enter a valid email address';
export const ROLE_INVALID = 'Role must be developer or admin';

const appId = z.string().min(1).max(100);

export const CollaboratorsQuery = z.object({ developer_app_id: appId });
export type CollaboratorsQuery = z.infer<typeof CollaboratorsQuery>;

/**
 * `GET /collaborators` and `GET /invitations`: pages of up to 100 (the default, so one page holds
 * an ordinary app); `filters[search]` matches a name or address.
 */
export const CollaboratorsListQuery = CollaboratorsQuery.extend(pageQuery(MAX_PER_PAGE).shape).extend(
  SearchFilter.shape,
);
export type CollaboratorsListQuery = z.infer<typeof CollaboratorsListQuery>;

/** A person on the app (a membership). `id` is the membership id. */
export const Collaborator = z.object({
  id: z.string(),
  user_id: z.string(),
  role: z.enum(APP_ROLES),
  name: z.string().nullable(),
  email: z.string().nullable(),
  developer: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
});
export type Collaborator = z.infer<typeof Collaborator>;

/** `PATCH /api/v1/collaborators`: role changes for other non-owner collaborators. */
export const UpdateCollaboratorsBody = z.strictObject({
  developer_app_id: appId,
  collaborators: z
    .array(
      z.strictObject({
        id: z.string().min(1).max(100),
        role: z.enum(INVITABLE_ROLES, { error: ROLE_INVALID }),
      }),
    )
    .min(1)
    .max(100),
});
export type UpdateCollaboratorsBody = z.infer<typeof UpdateCollaboratorsBody>;

export const Invitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  status: z.enum(INVITATION_STATUSES),
  /** A pending invitation whose link has expired; it can be canceled and sent again. */
  expired: z.boolean(),
  expires_at: z.string(),
  invited_by: z.object({ name: z.string() }).nullable(),
  created_at: z.string(),
});
export type Invitation = z.infer<typeof Invitation>;

export const CreateInvitationBody = z.strictObject({
  developer_app_id: appId,
  email: z
    .string({ error: EMAIL_REQUIRED })
    .trim()
    .min(1, EMAIL_REQUIRED)
    .max(254)
    .pipe(z.email(EMAIL_INVALID))
    .transform((value) => value.toLowerCase()),
  role: z.enum(INVITABLE_ROLES, { error: ROLE_INVALID }),
});
export type CreateInvitationBody = z.input<typeof CreateInvitationBody>;

/** `PATCH /api/v1/invitations/{id}`: the only change is cancelling. */
export const UpdateInvitationBody = z.strictObject({
  developer_app_id: appId,
  invitation: z.strictObject({ status: z.literal('canceled') }),
});
export type UpdateInvitationBody = z.infer<typeof UpdateInvitationBody>;

export const InvitationTokenParams = z.object({ token: z.string().min(1).max(200) });

/**
 * What the accept page may show to whoever holds the link: never the token. The full address only
 * while the invitation can still be accepted, so signing up from it can fill the address in.
 */
export const InvitationPreview = z.object({
  app_name: z.string(),
  inviter_name: z.string().nullable(),
  role: z.enum(INVITABLE_ROLES),
  /** `pending` links can be accepted; the others explain why not. */
  state: z.enum(['pending', 'accepted', 'canceled', 'expired']),
  /** The invited address, masked (`d••••@example.com`). */
  email_hint: z.string(),
  /** The invited address while `pending`; null once the link can no longer be used. */
  email: z.string().nullable(),
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

export const AcceptInvitationResult = z.object({
  developer_app_id: z.string(),
  role: z.enum(INVITABLE_ROLES),
});
export type AcceptInvitationResult = z.infer<typeof AcceptInvitationResult>;

export const CollaboratorIdParams = z.object({ id: z.string().min(1).max(100) });
