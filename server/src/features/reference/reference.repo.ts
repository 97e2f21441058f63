/** The only module that queries the reference's tables (changelog entries, OpenAPI documents). */
import type { ChangelogStatus, ChangelogType } from '@portal/contracts';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { changelogEntries, openapiDocuments } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import {
  containsAny,
  endingInId,
  type ListRequest,
  listPage,
  resolveSort,
} from '../../platform/list/index.ts';

export type EntryRow = typeof changelogEntries.$inferSelect;
export type EntryValues = typeof changelogEntries.$inferInsert;
export type DocumentRow = typeof openapiDocuments.$inferSelect;

/** Newest first: by datestamp, then id (the list indexes' order). */
const NEWEST = {
  datestamp: endingInId(changelogEntries.id, 'uuid')(changelogEntries.datestamp, 'date', {
    table: 'changelog_entries',
    column: 'datestamp',
  }),
};

export type EntryFilter = {
  group: string;
  branch: string;
  /** Published public entries only, unless the caller may see internal ones. */
  includeInternal: boolean;
  /** Admins' list: proposals too (or only them); everyone else reads published entries. */
  status?: ChangelogStatus | 'any';
  types?: ChangelogType[] | undefined;
  breaking?: boolean | undefined;
  search?: string | undefined;
};

function whereOf(filter: EntryFilter): SQL | undefined {
  const status = filter.status ?? 'published';
  return and(
    eq(changelogEntries.groupName, filter.group),
    eq(changelogEntries.branch, filter.branch),
    status === 'any' ? undefined : eq(changelogEntries.status, status),
    filter.includeInternal ? undefined : eq(changelogEntries.visibility, 'public'),
    filter.types?.length ? inArray(changelogEntries.type, filter.types) : undefined,
    filter.breaking === undefined ? undefined : eq(changelogEntries.breaking, filter.breaking),
  );
}

export async function listEntries(ctx: AppContext, filter: EntryFilter, request: ListRequest) {
  const source = {
    from: sql`${changelogEntries}`,
    table: 'changelog_entries',
    where: whereOf(filter),
    search: containsAny(filter.search, [
      changelogEntries.summary,
      changelogEntries.description,
      changelogEntries.endpoint,
    ]),
    id: changelogEntries.id,
  };
  return listPage(
    ctx,
    source,
    resolveSort(NEWEST, '-datestamp'),
    request,
    (ids) => findByIds(ctx, ids),
    (row) => row.id,
  );
}

export async function findByIds(ctx: AppContext, ids: string[]): Promise<EntryRow[]> {
  return ctx.db.select().from(changelogEntries).where(inArray(changelogEntries.id, ids));
}

export async function findEntry(ctx: AppContext, id: string): Promise<EntryRow | undefined> {
  const [row] = await ctx.db.select().from(changelogEntries).where(eq(changelogEntries.id, id));
  return row;
}

export async function insertEntries(ctx: AppContext, values: EntryValues[]): Promise<EntryRow[]> {
  if (!values.length) return [];
  return ctx.db.insert(changelogEntries).values(values).onConflictDoNothing().returning();
}

export async function updateEntry(ctx: AppContext, id: string, values: Partial<EntryValues>) {
  const [row] = await ctx.db
    .update(changelogEntries)
    .set({ ...values, updatedAt: ctx.clock.now() })
    .where(eq(changelogEntries.id, id))
    .returning();
  return row;
}

export async function deleteEntry(ctx: AppContext, id: string): Promise<boolean> {
  const rows = await ctx.db
    .delete(changelogEntries)
    .where(eq(changelogEntries.id, id))
    .returning({ id: changelogEntries.id });
  return rows.length > 0;
}

/** The newest published public entries of a group's default branch, for the Atom feed. */
export async function feedEntries(
  ctx: AppContext,
  group: string,
  branch: string,
  type: ChangelogType | undefined,
  limit: number,
) {
  return ctx.db
    .select()
    .from(changelogEntries)
    .where(and(whereOf({ group, branch, includeInternal: false, types: type ? [type] : undefined })))
    .orderBy(desc(changelogEntries.datestamp), desc(changelogEntries.id))
    .limit(limit);
}

/** The newest document of a group and branch (the one the reference shows and imports diff against). */
export async function currentDocument(
  ctx: AppContext,
  group: string,
  branch: string,
): Promise<DocumentRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(openapiDocuments)
    .where(and(eq(openapiDocuments.groupName, group), eq(openapiDocuments.branch, branch)))
    .orderBy(desc(openapiDocuments.createdAt), desc(openapiDocuments.id))
    .limit(1);
  return row;
}

/** An imported document and the entries its diff proposes, together or not at all. */
export async function saveImport(
  ctx: AppContext,
  document: typeof openapiDocuments.$inferInsert,
  proposals: (documentId: string) => EntryValues[],
) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(openapiDocuments).values(document).returning();
    const values = proposals(row!.id);
    const entries = values.length ? await tx.insert(changelogEntries).values(values).returning() : [];
    return { document: row!, entries };
  });
}

/** Every branch a group has documents or entries on. */
export async function branches(ctx: AppContext, group: string): Promise<string[]> {
  const [documents, entries] = await Promise.all([
    ctx.db
      .selectDistinct({ branch: openapiDocuments.branch })
      .from(openapiDocuments)
      .where(eq(openapiDocuments.groupName, group)),
    ctx.db
      .selectDistinct({ branch: changelogEntries.branch })
      .from(changelogEntries)
      .where(eq(changelogEntries.groupName, group)),
  ]);
  return [...new Set([...documents, ...entries].map((row) => row.branch))].sort();
}

/** The published public deprecated and sunset entries of a group's branch (the runtime signals). */
export async function signalEntries(ctx: AppContext, group: string, branch: string) {
  return ctx.db
    .select({
      endpoint: changelogEntries.endpoint,
      type: changelogEntries.type,
      datestamp: changelogEntries.datestamp,
      link: changelogEntries.link,
    })
    .from(changelogEntries)
    .where(whereOf({ group, branch, includeInternal: false, types: ['deprecated', 'sunset'] }));
}
