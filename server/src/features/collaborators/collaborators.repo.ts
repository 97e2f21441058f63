/**
 * The collaborators feature owns every MUTATION of app memberships (add on accept, role change,
 * removal, ownership transfer) and the invitations table (invitations.repo.ts). The apps feature
 * owns app rows and reads memberships for access checks.
 */
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { developerAppMembers, developerApps, oauthApplications, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { isUuid } from '../../platform/ids.ts';
import {
  containsAny,
  type ListRequest,
  type ListSort,
  listPage,
  resolveSort,
} from '../../platform/list/index.ts';

export type MemberRow = typeof developerAppMembers.$inferSelect;

const ROLE_ORDER = sql`case ${developerAppMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`;

const memberColumns = { member: developerAppMembers, name: users.name, email: users.email };

const membersOf = prepared('app_members', (db, name) =>
  db
    .select(memberColumns)
    .from(developerAppMembers)
    .innerJoin(users, eq(users.id, developerAppMembers.userId))
    .where(eq(developerAppMembers.developerAppId, sql.placeholder('appId')))
    .orderBy(ROLE_ORDER, asc(developerAppMembers.createdAt), asc(developerAppMembers.id))
    .prepare(name),
);

/** Members with their names and addresses: owner first, then admins, then developers. */
export async function listMembers(ctx: AppContext, appId: string) {
  return membersOf(ctx.db).execute({ appId });
}

const BY_ROLE = {
  role: {
    keys: [
      { sql: ROLE_ORDER, type: 'integer' },
      { sql: developerAppMembers.createdAt, type: 'timestamptz' },
      { sql: developerAppMembers.id, type: 'uuid' },
    ],
  },
} satisfies Record<string, ListSort>;

/** One page of members in that order; `search` matches a name or address. */
export async function pageMembers(
  ctx: AppContext,
  appId: string,
  request: ListRequest & { search?: string | undefined },
) {
  return listPage(
    ctx,
    {
      from: sql`${developerAppMembers} join ${users} on ${users.id} = ${developerAppMembers.userId}`,
      table: 'developer_app_members',
      where: eq(developerAppMembers.developerAppId, appId),
      search: containsAny(request.search, [users.name, users.email]),
      id: developerAppMembers.id,
    },
    resolveSort(BY_ROLE, 'role'),
    request,
    (ids) =>
      ctx.db
        .select(memberColumns)
        .from(developerAppMembers)
        .innerJoin(users, eq(users.id, developerAppMembers.userId))
        .where(inArray(developerAppMembers.id, ids)),
    (row) => row.member.id,
  );
}

export async function findMember(ctx: AppContext, appId: string, memberId: string) {
  if (!isUuid(memberId)) return null;
  const [row] = await ctx.db
    .select({ member: developerAppMembers, name: users.name, email: users.email })
    .from(developerAppMembers)
    .innerJoin(users, eq(users.id, developerAppMembers.userId))
    .where(and(eq(developerAppMembers.developerAppId, appId), eq(developerAppMembers.id, memberId)));
  return row ?? null;
}

export async function findMemberByEmail(ctx: AppContext, appId: string, email: string) {
  const [row] = await ctx.db
    .select({ id: developerAppMembers.id })
    .from(developerAppMembers)
    .innerJoin(users, eq(users.id, developerAppMembers.userId))
    .where(and(eq(developerAppMembers.developerAppId, appId), eq(users.email, email)));
  return row ?? null;
}

/** Applies role changes in one transaction; the owner's row is never touched here. Moves nothing derived. */
export async function updateMemberRoles(
  ctx: AppContext,
  appId: string,
  changes: Array<{ id: string; role: 'admin' | 'developer' }>,
) {
  await ctx.db.transaction(async (tx) => {
    for (const change of changes) {
      await tx
        .update(developerAppMembers)
        .set({ role: change.role, updatedAt: ctx.clock.now() })
        .where(
          and(
            eq(developerAppMembers.developerAppId, appId),
            eq(developerAppMembers.id, change.id),
            inArray(developerAppMembers.role, ['admin', 'developer']),
          ),
        );
    }
  });
}

// Moves user_app_counts.live_apps (trigger developer_app_members_count_out; db/derived.ts).
export async function deleteMember(ctx: AppContext, appId: string, memberId: string) {
  const rows = await ctx.db
    .delete(developerAppMembers)
    .where(
      and(
        eq(developerAppMembers.developerAppId, appId),
        eq(developerAppMembers.id, memberId),
        inArray(developerAppMembers.role, ['admin', 'developer']),
      ),
    )
    .returning({ id: developerAppMembers.id });
  return rows.length > 0;
}

/**
 * Moves ownership in one transaction: the target becomes owner, the former owner admin, and the
 * app's (and its OAuth clients') owner column follows. Returns false when someone else changed the
 * memberships first. Moves developer_apps.owner_id and oauth_applications.owner_id (here) and
 * review_owner_email (trigger; db/derived.ts).
 */
export async function transferOwnership(
  ctx: AppContext,
  input: { appId: string; fromUserId: string; toMemberId: string },
) {
  const now = ctx.clock.now();
  const stale = new Error('ownership changed concurrently');
  const run = ctx.db.transaction(async (tx) => {
    /** Gives the app's members that match `which` the role; the rows it changed. */
    const setRole = (role: 'owner' | 'admin', ...which: SQL[]) =>
      tx
        .update(developerAppMembers)
        .set({ role, updatedAt: now })
        .where(and(eq(developerAppMembers.developerAppId, input.appId), ...which))
        .returning();
    const demoted = await setRole(
      'admin',
      eq(developerAppMembers.userId, input.fromUserId),
      eq(developerAppMembers.role, 'owner'),
    );
    if (demoted.length === 0) throw stale;
    const [promoted] = await setRole(
      'owner',
      eq(developerAppMembers.id, input.toMemberId),
      inArray(developerAppMembers.role, ['admin', 'developer']),
    );
    if (!promoted) throw stale;
    await followOwner(tx, input.appId, promoted.userId, now);
    return promoted;
  });
  try {
    return await run;
  } catch (error) {
    if (error === stale) return null;
    throw error;
  }
}

/**
 * Staff change an app's owner (admin app page): the new owner gets the owner membership (joining the
 * app if they were not on it), the previous owner stays on as an admin, and the app and its OAuth
 * clients follow. Moves developer_apps.owner_id and oauth_applications.owner_id (here), live_apps,
 * app_search and review_owner_email (triggers; db/derived.ts).
 */
export async function assignOwner(ctx: AppContext, input: { appId: string; userId: string }) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(developerAppMembers)
      .set({ role: 'admin', updatedAt: now })
      .where(
        and(
          eq(developerAppMembers.developerAppId, input.appId),
          eq(developerAppMembers.role, 'owner'),
          sql`${developerAppMembers.userId} <> ${input.userId}`,
        ),
      );
    await tx
      .insert(developerAppMembers)
      .values({
        developerAppId: input.appId,
        userId: input.userId,
        role: 'owner',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [developerAppMembers.developerAppId, developerAppMembers.userId],
        set: { role: 'owner', updatedAt: now },
      });
    await followOwner(tx, input.appId, input.userId, now);
  });
}

/** The app's owner column and its OAuth clients' follow a change of owner. */
async function followOwner(tx: Tx, appId: string, userId: string, now: Date) {
  await tx.update(developerApps).set({ ownerId: userId, updatedAt: now }).where(eq(developerApps.id, appId));
  await tx
    .update(oauthApplications)
    .set({ ownerId: userId, updatedAt: now })
    .where(eq(oauthApplications.developerAppId, appId));
}
