import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import {
  marketplaceAttachments,
  marketplaceCategories,
  marketplaceSubmissions,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { isUuid } from '../../platform/ids.ts';

export type SubmissionRow = typeof marketplaceSubmissions.$inferSelect;
export type NewSubmissionRow = typeof marketplaceSubmissions.$inferInsert;
export type AttachmentRow = typeof marketplaceAttachments.$inferSelect;
export type NewAttachmentRow = typeof marketplaceAttachments.$inferInsert;

export async function findSubmission(ctx: AppContext, id: string): Promise<SubmissionRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await ctx.db.select().from(marketplaceSubmissions).where(eq(marketplaceSubmissions.id, id));
  return row ?? null;
}

/** The app's live published listing and its unpublished one (draft or in review). */
export async function findAppSubmissions(ctx: AppContext, appId: string) {
  const rows = await ctx.db
    .select()
    .from(marketplaceSubmissions)
    .where(and(eq(marketplaceSubmissions.developerAppId, appId), isNull(marketplaceSubmissions.archivedAt)));
  return {
    published: rows.find((row) => row.state === 'published') ?? null,
    unpublished: rows.find((row) => row.state !== 'published') ?? null,
  };
}

/** The public name of the app's live listing ("App listing name", spec developer-apps §2); null without one. */
export async function liveListingName(ctx: AppContext, appId: string): Promise<string | null> {
  const [row] = await liveListingNameOf(ctx.db).execute({ appId });
  return row?.name ?? null;
}

const liveListingNameOf = prepared('app_live_listing_name', (db, name) =>
  db
    .select({ name: marketplaceSubmissions.publicName })
    .from(marketplaceSubmissions)
    .where(
      and(
        eq(marketplaceSubmissions.developerAppId, sql.placeholder('appId')),
        eq(marketplaceSubmissions.state, 'published'),
        isNull(marketplaceSubmissions.archivedAt),
      ),
    )
    .prepare(name),
);

export async function listAttachments(ctx: AppContext | { db: Tx }, submissionIds: string[]) {
  if (!submissionIds.length) return [];
  return ctx.db
    .select()
    .from(marketplaceAttachments)
    .where(inArray(marketplaceAttachments.submissionId, submissionIds))
    .orderBy(asc(marketplaceAttachments.position), asc(marketplaceAttachments.createdAt));
}

// Moves developer_apps.listing_in_review_at for a row inserted in review (trigger; db/derived.ts).
export async function insertSubmission(tx: Tx, values: NewSubmissionRow): Promise<SubmissionRow> {
  const [row] = await tx.insert(marketplaceSubmissions).values(values).returning();
  return row!;
}

/**
 * Saves the listing's fields; answers null when someone else saved or moved it meanwhile.
 * Moves region_ids with regions and countries (the caller's columnsFrom computes it; db/derived.ts).
 */
export async function updateSubmission(
  tx: Tx,
  row: SubmissionRow,
  values: Partial<NewSubmissionRow>,
  now: Date,
): Promise<SubmissionRow | null> {
  const [updated] = await tx
    .update(marketplaceSubmissions)
    .set({ ...values, version: row.version + 1, updatedAt: now })
    .where(
      and(
        eq(marketplaceSubmissions.id, row.id),
        eq(marketplaceSubmissions.version, row.version),
        eq(marketplaceSubmissions.state, row.state),
      ),
    )
    .returning();
  return updated ?? null;
}

/**
 * Moves a submission out of `from` (the state it must still be in); null when it no longer is.
 * Moves developer_apps.listing_in_review_at and review_owner_email (triggers; db/derived.ts).
 */
export async function transition(
  tx: Tx,
  id: string,
  from: SubmissionRow['state'],
  values: Partial<NewSubmissionRow>,
): Promise<SubmissionRow | null> {
  const [row] = await tx
    .update(marketplaceSubmissions)
    .set(values)
    .where(
      and(
        eq(marketplaceSubmissions.id, id),
        eq(marketplaceSubmissions.state, from),
        isNull(marketplaceSubmissions.archivedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * The app's live listing other than `keepId` is archived (a newer one was approved). Moves nothing
 * derived.
 */
export async function archiveLive(tx: Tx, appId: string, keepId: string, now: Date) {
  await tx
    .update(marketplaceSubmissions)
    .set({ archivedAt: now })
    .where(
      and(
        eq(marketplaceSubmissions.developerAppId, appId),
        eq(marketplaceSubmissions.state, 'published'),
        isNull(marketplaceSubmissions.archivedAt),
        ne(marketplaceSubmissions.id, keepId),
      ),
    );
}

// Moves developer_apps.listing_in_review_at for a row deleted in review (trigger; only drafts are).
export async function deleteSubmission(ctx: AppContext, id: string): Promise<void> {
  await ctx.db.delete(marketplaceSubmissions).where(eq(marketplaceSubmissions.id, id));
}

export async function insertAttachments(tx: Tx, rows: NewAttachmentRow[]): Promise<void> {
  if (rows.length) await tx.insert(marketplaceAttachments).values(rows);
}

export async function updateAttachment(tx: Tx, id: string, values: Partial<NewAttachmentRow>): Promise<void> {
  await tx.update(marketplaceAttachments).set(values).where(eq(marketplaceAttachments.id, id));
}

export async function deleteAttachments(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length) await tx.delete(marketplaceAttachments).where(inArray(marketplaceAttachments.id, ids));
}

export async function findAttachment(ctx: AppContext, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await ctx.db
    .select({ attachment: marketplaceAttachments, submission: marketplaceSubmissions })
    .from(marketplaceAttachments)
    .innerJoin(marketplaceSubmissions, eq(marketplaceSubmissions.id, marketplaceAttachments.submissionId))
    .where(eq(marketplaceAttachments.id, id));
  return row ?? null;
}

/** Whether the app's live listing (published, not replaced) shows the video at `url`. */
export async function liveListingShowsVideo(ctx: AppContext, appId: string, url: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: marketplaceAttachments.id })
    .from(marketplaceSubmissions)
    .innerJoin(marketplaceAttachments, eq(marketplaceAttachments.submissionId, marketplaceSubmissions.id))
    .where(
      and(
        eq(marketplaceSubmissions.developerAppId, appId),
        eq(marketplaceSubmissions.state, 'published'),
        isNull(marketplaceSubmissions.archivedAt),
        inArray(marketplaceAttachments.kind, ['Video', 'ShowcaseVideo']),
        eq(marketplaceAttachments.externalUrl, url),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Whether any attachment still names the stored file (copies share none today; kept for safety). */
export async function storageKeyInUse(ctx: AppContext, key: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: marketplaceAttachments.id })
    .from(marketplaceAttachments)
    .where(eq(marketplaceAttachments.storageKey, key))
    .limit(1);
  return Boolean(row);
}

export async function listCategories(ctx: AppContext) {
  return ctx.db.select().from(marketplaceCategories).orderBy(asc(marketplaceCategories.label));
}

/** The slug the app's listing had when last published, so its public address stays the same. */
export async function previousSlug(tx: Tx, appId: string): Promise<string | null> {
  const [row] = await tx
    .select({ slug: marketplaceSubmissions.slug })
    .from(marketplaceSubmissions)
    .where(
      and(eq(marketplaceSubmissions.developerAppId, appId), sql`${marketplaceSubmissions.slug} is not null`),
    )
    .orderBy(desc(marketplaceSubmissions.publishedAt))
    .limit(1);
  return row?.slug ?? null;
}

/** Whether another app's live listing uses the slug. */
export async function slugTaken(tx: Tx, slug: string, appId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: marketplaceSubmissions.id })
    .from(marketplaceSubmissions)
    .where(
      and(
        eq(marketplaceSubmissions.slug, slug),
        ne(marketplaceSubmissions.developerAppId, appId),
        eq(marketplaceSubmissions.state, 'published'),
        isNull(marketplaceSubmissions.archivedAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}
