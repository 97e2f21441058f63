import type { MarketplaceListQuery } from '@portal/contracts';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { daysOfApp, firstDayOfApp, totalsOfApp } from '../../db/app-rows.ts';
import {
  appDailyViews,
  developerApps,
  marketplaceAttachments,
  marketplaceListingViews,
  marketplaceSubmissions,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import {
  containsAny,
  endingInId,
  type ListOptions,
  type ListRequest,
  type ListSorts,
  listPage,
  resolveSort,
} from '../../platform/list/index.ts';

/** Published, not replaced, and its app not deleted (the few deleted apps, through their own index). */
const live = and(
  eq(marketplaceSubmissions.state, 'published'),
  isNull(marketplaceSubmissions.archivedAt),
  sql`not exists (select 1 from ${developerApps} d where d.id = ${marketplaceSubmissions.developerAppId} and d.deleted_at is not null)`,
);

const by = endingInId(marketplaceSubmissions.id, 'uuid');

/** The public list's orders, each served by its partial index on live listings. */
const SORTS = {
  public_name: by(marketplaceSubmissions.publicName, 'text'),
  published_at: by(marketplaceSubmissions.publishedAt, 'timestamptz'),
} satisfies ListSorts<MarketplaceListQuery>;

export type MarketplaceFilters = {
  search?: string | undefined;
  categoryId?: number | undefined;
  region?: string | undefined;
};

/** Live listings, in the requested order, searched by name or tagline, filtered by category or region. */
export async function listLive(
  ctx: AppContext,
  request: ListRequest & Pick<MarketplaceListQuery, 'sort'> & MarketplaceFilters,
  options?: ListOptions,
) {
  const filters: SQL[] = [live!];
  if (request.categoryId !== undefined)
    filters.push(sql`${marketplaceSubmissions.categoryIds} @> array[${request.categoryId}]::integer[]`);
  if (request.region !== undefined)
    filters.push(sql`${marketplaceSubmissions.regionIds} @> array[${request.region}]::text[]`);
  return listPage(
    ctx,
    {
      from: sql`${marketplaceSubmissions}`,
      table: 'marketplace_submissions',
      where: and(...filters),
      search: containsAny(request.search, [
        marketplaceSubmissions.publicName,
        marketplaceSubmissions.tagline,
      ]),
      id: marketplaceSubmissions.id,
    },
    resolveSort(SORTS, request.sort),
    request,
    (ids) => ctx.db.select().from(marketplaceSubmissions).where(inArray(marketplaceSubmissions.id, ids)),
    (row) => row.id,
    options,
  );
}

export async function findLiveBySlug(ctx: AppContext, slug: string) {
  const [row] = await ctx.db
    .select()
    .from(marketplaceSubmissions)
    .where(and(live, eq(marketplaceSubmissions.slug, slug)));
  return row ?? null;
}

export async function logosOf(ctx: AppContext, submissionIds: string[]) {
  if (!submissionIds.length) return [];
  return ctx.db
    .select()
    .from(marketplaceAttachments)
    .where(
      and(
        inArray(marketplaceAttachments.submissionId, submissionIds),
        eq(marketplaceAttachments.kind, 'Logo'),
      ),
    );
}

/**
 * A counted view: the visitor's row for the day (a repeat adds a hit) and the app's daily roll-up
 * (`views` +1, `unique_views` +1 for a new visitor), in one transaction. Moves
 * marketplace_listing_views and app_daily_views (db/derived.ts). Answers whether the visitor is new today.
 */
export async function recordView(ctx: AppContext, view: { appId: string; day: string; visitor: string }) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(marketplaceListingViews)
      .values({
        developerAppId: view.appId,
        day: view.day,
        visitor: view.visitor,
        createdAt: ctx.clock.now(),
      })
      .onConflictDoUpdate({
        target: [
          marketplaceListingViews.developerAppId,
          marketplaceListingViews.day,
          marketplaceListingViews.visitor,
        ],
        set: { hits: sql`${marketplaceListingViews.hits} + 1` },
      })
      .returning({ hits: marketplaceListingViews.hits });
    const isNew = row?.hits === 1;
    await tx
      .insert(appDailyViews)
      .values({ developerAppId: view.appId, day: view.day, views: 1, uniqueViews: isNew ? 1 : 0 })
      .onConflictDoUpdate({
        target: [appDailyViews.developerAppId, appDailyViews.day],
        set: {
          views: sql`${appDailyViews.views} + 1`,
          uniqueViews: sql`${appDailyViews.uniqueViews} + ${isNew ? 1 : 0}`,
        },
      });
    return isNew;
  });
}

const VIEW_COUNTS = { views: appDailyViews.views, uniqueViews: appDailyViews.uniqueViews };

/** Views and unique views per day of one app between two days (inclusive), from the daily roll-up. */
export const dailyViews = (ctx: AppContext, appId: string, from: string, to: string) =>
  daysOfApp(ctx.db, appDailyViews, { day: appDailyViews.day, ...VIEW_COUNTS }, { appId, from, to });

/** Views and unique views of one app between two days (inclusive): one row, summed by the database. */
export const viewTotals = (ctx: AppContext, appId: string, from: string, to: string) =>
  totalsOfApp(ctx.db, appDailyViews, VIEW_COUNTS, { appId, from, to });

/** The app's first day with a counted view, or null. */
export const firstViewDay = (ctx: AppContext, appId: string) => firstDayOfApp(ctx.db, appDailyViews, appId);

/** Whether any view of the app was ever counted: one probe of the primary key's index (app first). */
