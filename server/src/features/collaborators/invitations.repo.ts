/** The invitations table: pending invitations of an app, their tokens, and accepting one. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { developerAppInvitations, developerAppMembers, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { isUuid } from '../../platform/ids.ts';
import {
  containsAny,
  endingInId,
  type ListRequest,
  type ListSort,
  listPage,
  resolveSort,
} from '../../platform/list/index.ts';

export type InvitationRow = typeof developerAppInvitations.$inferSelect;

const by = endingInId(developerAppInvitations.id, 'uuid');

const OLDEST_FIRST = {
  created_at: by(developerAppInvitations.createdAt, 'timestamptz'),
} satisfies Record<string, ListSort>;

/** One page of pending invitations, oldest first; `search` matches the address. */
export async function pagePendingInvitations(
  ctx: AppContext,
  appId: string,
  request: ListRequest & { search?: string | undefined },
) {
  return listPage(
    ctx,
    {
      from: sql`${developerAppInvitations}`,
      table: 'developer_app_invitations',
      where: and(
        eq(developerAppInvitations.developerAppId, appId),
        eq(developerAppInvitations.status, 'pending'),
      ),
      search: containsAny(request.search, [developerAppInvitations.email]),
      id: developerAppInvitations.id,
    },
    resolveSort(OLDEST_FIRST, 'created_at'),
    request,
    (ids) =>
      ctx.db
        .select({ invitation: developerAppInvitations, inviterName: users.name })
        .from(developerAppInvitations)
        .leftJoin(users, eq(users.id, developerAppInvitations.invitedById))
        .where(inArray(developerAppInvitations.id, ids)),
    (row) => row.invitation.id,
  );
}

export async function findInvitation(ctx: AppContext, appId: string, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await ctx.db
    .select()
    .from(developerAppInvitations)
    .where(and(eq(developerAppInvitations.developerAppId, appId), eq(developerAppInvitations.id, id)));
  return row ?? null;
}

export async function findInvitationByTokenHash(ctx: AppContext, tokenHash: string) {
  const [row] = await ctx.db
    .select({ invitation: developerAppInvitations, inviterName: users.name })
    .from(developerAppInvitations)
    .leftJoin(users, eq(users.id, developerAppInvitations.invitedById))
    .where(eq(developerAppInvitations.tokenHash, tokenHash));
  return row ?? null;
}

/**
 * Creates a pending invitation. An expired pending one for the same address is canceled first, so
 * the one-pending-per-address index holds. Null when a pending invitation already exists.
 */
export async function insertInvitation(
  ctx: AppContext,
  values: typeof developerAppInvitations.$inferInsert,
): Promise<InvitationRow | null> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await tx
      .update(developerAppInvitations)
      .set({ status: 'canceled', canceledAt: now, updatedAt: now })
      .where(
        and(
          eq(developerAppInvitations.developerAppId, values.developerAppId),
          eq(developerAppInvitations.email, values.email),
          eq(developerAppInvitations.status, 'pending'),
          sql`${developerAppInvitations.expiresAt} <= ${now.toISOString()}`,
        ),
      );
    const [row] = await tx.insert(developerAppInvitations).values(values).onConflictDoNothing().returning();
    return row ?? null;
  });
}

/** Cancels a pending invitation; null when it was no longer pending. */
export async function cancelInvitation(ctx: AppContext, id: string) {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(developerAppInvitations)
    .set({ status: 'canceled', canceledAt: now, updatedAt: now })
    .where(and(eq(developerAppInvitations.id, id), eq(developerAppInvitations.status, 'pending')))
    .returning();
  return row ?? null;
}

/**
 * Uses the invitation and adds the membership in one transaction. The status guard makes the token
 * single-use under concurrent accepts. Someone already on the app keeps their role.
 * Moves user_app_counts.live_apps and developer_app_members.app_search (triggers; db/derived.ts).
 */
export async function acceptInvitation(ctx: AppContext, invitation: InvitationRow, userId: string) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .update(developerAppInvitations)
      .set({ status: 'accepted', acceptedAt: now, acceptedById: userId, updatedAt: now })
      .where(
        and(eq(developerAppInvitations.id, invitation.id), eq(developerAppInvitations.status, 'pending')),
      )
      .returning();
    if (!used) return null;
    await tx
      .insert(developerAppMembers)
      .values({ developerAppId: invitation.developerAppId, userId, role: invitation.role })
      .onConflictDoNothing();
    return used;
  });
}

export async function findUserSummary(ctx: AppContext, userId: string | null) {
  if (!userId) return null;
  const [row] = await ctx.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
