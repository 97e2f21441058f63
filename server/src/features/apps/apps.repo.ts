import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import {
  developerAppMembers,
  developerApps,
  sandboxes,
  userAppCounts,
  users,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { isUuid } from '../../platform/ids.ts';
import {
  containsAny,
  endingInId,
  type ListRequest,
  type ListSort,
  listPage,
  pageRows,
  resolveSort,
  rowQuery,
} from '../../platform/list/index.ts';

export type DeveloperAppRow = typeof developerApps.$inferSelect;
export type NewDeveloperAppRow = typeof developerApps.$inferInsert;
export type MemberRole = (typeof developerAppMembers.$inferSelect)['role'];
export type StoredContact = DeveloperAppRow['contacts'][number];

/** A live (not deleted) app with the caller's membership, if any. */
export async function findAppWithRole(ctx: AppContext, appId: string, userId: string) {
  if (!isUuid(appId)) return null;
  const [row] = await ctx.db
    .select({ app: developerApps, role: developerAppMembers.role })
    .from(developerApps)
    .leftJoin(
      developerAppMembers,
      and(eq(developerAppMembers.developerAppId, developerApps.id), eq(developerAppMembers.userId, userId)),
    )
    .where(and(eq(developerApps.id, appId), isNull(developerApps.deletedAt)));
  return row ?? null;
}

/** findAppWithRole with the app's owner, in one statement (the single app's page shows both). */
const appWithRoleAndOwner = prepared('app_with_role_and_owner', (db, name) =>
  db
    .select({
      app: developerApps,
      role: developerAppMembers.role,
      owner: { id: users.id, name: users.name, email: users.email },
    })
    .from(developerApps)
    .innerJoin(users, eq(users.id, developerApps.ownerId))
    .leftJoin(
      developerAppMembers,
      and(
        eq(developerAppMembers.developerAppId, developerApps.id),
        eq(developerAppMembers.userId, sql.placeholder('userId')),
      ),
    )
    .where(and(eq(developerApps.id, sql.placeholder('appId')), isNull(developerApps.deletedAt)))
    .prepare(name),
);

export async function findAppWithRoleAndOwner(ctx: AppContext, appId: string, userId: string) {
  if (!isUuid(appId)) return null;
  const [row] = await appWithRoleAndOwner(ctx.db).execute({ appId, userId });
  return row ?? null;
}

export async function findApp(ctx: AppContext, appId: string) {
  if (!isUuid(appId)) return null;
  const [row] = await ctx.db
    .select()
    .from(developerApps)
    .where(and(eq(developerApps.id, appId), isNull(developerApps.deletedAt)));
  return row ?? null;
}

export async function findOwner(ctx: AppContext, ownerId: string) {
  const [row] = await ctx.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, ownerId));
  return row!;
}

/**
 * Inserts the app and its owner membership in one transaction: developer_apps.owner_id is that
 * membership's user. Moves live_apps and app_search (triggers; db/derived.ts).
 */
export async function insertAppWithOwner(ctx: AppContext, values: NewDeveloperAppRow) {
  return ctx.db.transaction(async (tx) => {
    const [app] = await tx.insert(developerApps).values(values).returning();
    await tx
      .insert(developerAppMembers)
      .values({ developerAppId: app!.id, userId: values.ownerId, role: 'owner' });
    return app!;
  });
}

/**
 * The app is published from its first approved listing on (spec developer-apps §2, admin §3): called by
 * the listing review in the approval's transaction; a later approval keeps the first date. Moves
 * published_at (db/derived.ts).
 */
export async function markPublished(tx: Tx, appId: string, at: Date): Promise<void> {
  await tx
    .update(developerApps)
    .set({ publishedAt: sql`coalesce(${developerApps.publishedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(developerApps.id, appId));
}

/**
 * The marketplace access request (spec developer-apps §2 "Marketplace listing activation"): `request`
 * stamps it on an app without one and not yet enabled; `decide` clears a waiting one, enabling the
 * listing when approved. Each answers null when the app was not in the state it needs. Moves
 * in_review_at and review_owner_email (generated column, trigger; db/derived.ts).
 */
export const marketplaceRequestRows = {
  async request(ctx: AppContext, appId: string, at: Date) {
    const [row] = await ctx.db
      .update(developerApps)
      .set({ marketplaceAccessRequestedAt: at, updatedAt: at })
      .where(
        and(
          eq(developerApps.id, appId),
          isNull(developerApps.marketplaceAccessRequestedAt),
          eq(developerApps.marketplaceEnabled, false),
        ),
      )
      .returning();
    return row ?? null;
  },
  async decide(ctx: AppContext, appId: string, approved: boolean) {
    const [row] = await ctx.db
      .update(developerApps)
      .set({
        marketplaceAccessRequestedAt: null,
        ...(approved ? { marketplaceEnabled: true } : {}),
        updatedAt: ctx.clock.now(),
      })
      .where(and(eq(developerApps.id, appId), isNotNull(developerApps.marketplaceAccessRequestedAt)))
      .returning();
    return row ?? null;
  },
};

// Moves app_search and the OAuth clients' app_internal_name on a rename, live_apps on deleted_at (triggers).
export async function updateApp(ctx: AppContext, appId: string, values: Partial<NewDeveloperAppRow>) {
  const [row] = await ctx.db
    .update(developerApps)
    .set({ ...values, updatedAt: ctx.clock.now() })
    .where(eq(developerApps.id, appId))
    .returning();
  return row!;
}

/**
 * Changes one contact of a live app, the row locked meanwhile so two edits never lose each other.
 * Null when the app has no contact with that id. Moves nothing derived.
 */
export async function updateContactRow(
  ctx: AppContext,
  appId: string,
  contactId: string,
  change: (contact: StoredContact) => StoredContact,
): Promise<StoredContact | null> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ contacts: developerApps.contacts })
      .from(developerApps)
      .where(and(eq(developerApps.id, appId), isNull(developerApps.deletedAt)))
      .for('update');
    const index = row?.contacts.findIndex((contact) => contact.id === contactId) ?? -1;
    if (!row || index < 0) return null;
    const contacts = row.contacts.slice();
    contacts[index] = change(contacts[index]!);
    await tx
      .update(developerApps)
      .set({ contacts, updatedAt: ctx.clock.now() })
      .where(eq(developerApps.id, appId));
    return contacts[index]!;
  });
}

/** My Apps walks the user's memberships newest first: index (user_id, created_at, id). */
const MEMBERSHIP_ORDER = {
  created_at: endingInId(developerAppMembers.id, 'uuid')(developerAppMembers.createdAt, 'timestamptz'),
} satisfies Record<string, ListSort>;

/** What a My Apps row shows: a page reads these, not the whole app (a third of its columns). */
const summaryColumns = {
  id: developerApps.id,
  name: developerApps.name,
  internalName: developerApps.internalName,
  productionAccess: developerApps.productionAccess,
  publishedAt: developerApps.publishedAt,
  thumbnailKey: developerApps.thumbnailKey,
  createdAt: developerApps.createdAt,
  updatedAt: developerApps.updatedAt,
};

/**
 * A My Apps page row's row, read with the page's keys: the app and its sandbox by their primary
 * keys, so a plan kept for it never walks the user's memberships (thousands for some users). The
 * membership's app and role come with the keys from the membership index, which holds them.
 */
const MY_APP_ROW = pageRows(
  'my app row',
  (pageId, keyed) =>
    rowQuery
      .select({
        membershipId: sql<string>`${pageId}`,
        app: summaryColumns,
        role: sql<MemberRole>`${keyed.role}`,
        sandboxStatus: sandboxes.status,
      })
      .from(developerApps)
      .leftJoin(sandboxes, eq(sandboxes.developerAppId, developerApps.id))
      .where(eq(developerApps.id, keyed.appId)),
  { appId: developerAppMembers.developerAppId, role: developerAppMembers.role },
);

const MEMBERSHIPS = sql`${developerAppMembers}`;
/** `$userId`'s memberships of apps not deleted, built once (the list's shape). */
const USERS_LIVE_MEMBERSHIPS = and(
  eq(developerAppMembers.userId, sql.placeholder('userId')),
  sql`not exists (select 1 from ${developerApps} d where d.id = ${developerAppMembers.developerAppId} and d.deleted_at is not null)`,
);

/**
 * Live apps the user is on, most recently joined (for owners: created) first; `search` matches
 * part of the internal or public name. All of it comes from the user's entries in the membership
 * index (which carries the names): deleted apps, which are few, are left out through their own
 * small index. So a page and a search cost at most the user's number of apps, never the table's.
 */
export async function listAppsForUser(
  ctx: AppContext,
  userId: string,
  request: ListRequest & { search?: string | undefined },
) {
  return listPage(
    ctx,
    {
      from: MEMBERSHIPS,
      table: 'developer_app_members',
      where: USERS_LIVE_MEMBERSHIPS,
      search: containsAny(request.search, [developerAppMembers.appSearch]),
      id: developerAppMembers.id,
      // The user's entries in the membership index, newest first: the same plan for every user.
      keptPlan: true,
      shape: { name: 'my apps', values: { userId } },
    },
    resolveSort(MEMBERSHIP_ORDER, '-created_at'),
    request,
    MY_APP_ROW,
    (row) => row.membershipId,
    { total: LIVE_APP_COUNT },
  );
}

/** How many live apps `$userId` is on (kept by triggers, migration 0012). */
const LIVE_APP_COUNT = sql`select coalesce((select ${userAppCounts.liveApps} from ${userAppCounts} where ${userAppCounts.userId} = ${sql.placeholder('userId')}), 0)`;

/** Any app, deleted ones too (staff pages), with its owner. */
export async function findAppForStaff(ctx: AppContext, appId: string) {
  if (!isUuid(appId)) return null;
  const [row] = await ctx.db
    .select({
      app: developerApps,
      owner: { id: users.id, name: users.name, email: users.email, procoreId: users.procoreId },
    })
    .from(developerApps)
    .innerJoin(users, eq(users.id, developerApps.ownerId))
    .where(eq(developerApps.id, appId));
  return row ?? null;
}

export async function userExists(ctx: AppContext, userId: string): Promise<boolean> {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}
