/**
 * The public marketplace (published listings, their media) and the draft preview.
 * Drafts and their files are visible only to the app's people and platform staff.
 */
import type { MarketplaceListing, MarketplaceListQuery } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import {
  categories,
  findAttachment,
  listAttachments,
  maySeeListingFile,
  type SubmissionRow,
  submissionAccess,
} from '../listings/index.ts';
import { toPublicListing, toSummary } from './marketplace.present.ts';
import {
  dailyViews,
  findLiveBySlug,
  firstViewDay,
  listLive,
  logosOf,
  recordView,
  viewTotals,
} from './marketplace.repo.ts';
import { countView, portalDay } from './marketplace.views.ts';

export async function listMarketplace(ctx: AppContext, query: MarketplaceListQuery) {
  const page = await listLive(ctx, {
    ...query,
    search: query['filters[search]'],
    categoryId: query['filters[category_id]'],
    region: query['filters[region]'],
  });
  const [logos, known] = await Promise.all([
    logosOf(
      ctx,
      page.rows.map((row) => row.id),
    ),
    categories(ctx),
  ]);
  const logoOf = new Map(logos.map((logo) => [logo.submissionId, logo]));
  return { ...page, rows: page.rows.map((row) => toSummary(row, logoOf.get(row.id) ?? null, known)) };
}

async function publicListing(
  ctx: AppContext,
  row: SubmissionRow,
  preview: boolean,
): Promise<MarketplaceListing> {
  const [attachments, known] = await Promise.all([listAttachments(ctx, [row.id]), categories(ctx)]);
  return toPublicListing(row, attachments, known, preview);
}

/** A published listing by its slug; each person's view counts once a day. */
export async function showListing(ctx: AppContext, request: FastifyRequest, slug: string) {
  const row = await findLiveBySlug(ctx, slug);
  if (!row) throw notFound('Listing');
  await countView(ctx, request, row.developerAppId);
  return publicListing(ctx, row, false);
}

/** The draft listing path: a submission as the public page would show it, for its app's people and staff. */
export async function previewListing(ctx: AppContext, user: SessionUser, submissionId: string) {
  const { row } = await submissionAccess(ctx, { user, staff: user.role === 'admin' }, submissionId);
  return publicListing(ctx, row, true);
}

/**
 * A listing's stored file. Pictures, logos and videos of a live listing are public; everything else
 * (drafts, and the security document always) only for the app's people and staff.
 */
export async function readMedia(ctx: AppContext, user: SessionUser | null, id: string) {
  const found = await findAttachment(ctx, id);
  const key = found?.attachment.storageKey;
  if (!found || !key) throw notFound('File');
  const { attachment, submission } = found;
  const shownLive =
    submission.state === 'published' && submission.archivedAt === null && attachment.kind !== 'Document';
  if (!(await maySeeListingFile(ctx, user, submission.developerAppId, shownLive))) throw notFound('File');
  const file = await ctx.storage.read(key);
  if (!file) throw notFound('File');
  return { ...file, attachment };
}

/** Today in the portal's time zone (`YYYY-MM-DD`), the day views are counted under. */
export const today = (ctx: AppContext) => portalDay(ctx);

/**
 * Public listing views of one app per day from `from` to `to` (both included), days with none left
 * out: `views` every counted view, `unique_views` one per visitor per day (a "visit").
 */
export async function viewsPerDay(ctx: AppContext, appId: string, from: string, to: string) {
  const rows = await dailyViews(ctx, appId, from, to);
  return rows.map((row) => ({ date: row.day, views: row.views, unique_views: row.uniqueViews }));
}

/** Listing views of one app from `from` to `to` (both included), summed: every view and the visits. */
export async function viewsBetween(ctx: AppContext, appId: string, from: string, to: string) {
  const totals = await viewTotals(ctx, appId, from, to);
  return { views: totals.views, unique_views: totals.uniqueViews };
}

/** The first day the app's listing was viewed, or null. */
export const firstViewedOn = (ctx: AppContext, appId: string) => firstViewDay(ctx, appId);

/**
 * Views recorded as they would be counted (the demo seed and tests): `visitor` is already the hashed
 * key of marketplace.views.ts. Same transaction and roll-up as a real view.
 */
export const recordListingView = (ctx: AppContext, view: { appId: string; day: string; visitor: string }) =>
  recordView(ctx, view);
