import type { ReviewQueueQuery, ReviewQueueRow } from '@portal/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { developerApps, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { containsAny, endingInId, type ListSorts, listPage, resolveSort } from '../../platform/list/index.ts';
import { hasPublishedListing, inReviewAtKey } from '../review/index.ts';
import { appFilters } from './admin-apps.list.ts';

const by = endingInId(developerApps.id, 'uuid');

/**
 * The queue (inReview=true, the default) is the few apps in review, and each order is a range of its
 * own partial index (schema/apps.ts): by in review at, by name, and by owner through the owner's
 * e-mail kept on the app while it is in review. With inReview=false it is the whole apps table: the
 * owner order joins users (the kept e-mail is null outside review), the name and in-review-at orders
 * have full-table indexes.
 */
const sortsFor = (inReviewOnly: boolean) =>
  ({
    internal_name: by(developerApps.internalName, 'text'),
    owner: by(inReviewOnly ? developerApps.reviewOwnerEmail : users.email, 'text'),
    in_review_at: by(inReviewAtKey, 'timestamptz'),
  }) satisfies ListSorts<ReviewQueueQuery>;

const iso = (value: Date | null) => value?.toISOString() ?? null;

async function loadRows(ctx: AppContext, ids: string[]): Promise<ReviewQueueRow[]> {
  const rows = await ctx.db
    .select({
      id: developerApps.id,
      internalName: developerApps.internalName,
      email: users.email,
      listingAt: developerApps.listingInReviewAt,
      versionAt: developerApps.versionInReviewAt,
      productionAt: developerApps.productionAccessRequestedAt,
      marketplaceAt: developerApps.marketplaceAccessRequestedAt,
      published: sql<boolean>`${hasPublishedListing}`,
    })
    .from(developerApps)
    .innerJoin(users, eq(users.id, developerApps.ownerId))
    .where(inArray(developerApps.id, ids));
  return rows.map((row) => ({
    id: row.id,
    internal_name: row.internalName,
    owner: { email: row.email },
    has_marketplace_listing_in_review: row.listingAt !== null,
    has_app_version_in_review: row.versionAt !== null,
    has_published_app: row.published,
    marketplace_listing_in_review_at: iso(row.listingAt),
    app_version_in_review_at: iso(row.versionAt),
    has_production_access_request: row.productionAt !== null,
    production_access_requested_at: iso(row.productionAt),
    has_marketplace_access_request: row.marketplaceAt !== null,
    marketplace_access_requested_at: iso(row.marketplaceAt),
  }));
}

/**
 * `GET /admin/review_queue`: apps with a listing or manifest in review, or a production credentials or
 * marketplace access request waiting (inReview defaults to true).
 */
export async function listReviewQueue(ctx: AppContext, query: ReviewQueueQuery) {
  const inReviewOnly = query['filters[in_review]'] !== 'false';
  const byOwnerJoin = !inReviewOnly && query.sort.replace(/^-/, '') === 'owner';
  return listPage(
    ctx,
    {
      from: byOwnerJoin
        ? sql`${developerApps} inner join ${users} on ${users.id} = ${developerApps.ownerId}`
        : sql`${developerApps}`,
      table: 'developer_apps',
      where: appFilters({ ...query, 'filters[in_review]': inReviewOnly ? 'true' : 'false' }),
      search: containsAny(query['filters[search]'], [developerApps.internalName, developerApps.name]),
      id: developerApps.id,
    },
    resolveSort(sortsFor(inReviewOnly), query.sort),
    query,
    (ids) => loadRows(ctx, ids),
    (row) => row.id,
  );
}
