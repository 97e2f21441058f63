/**
 * What is waiting for a reviewer: a marketplace submission in state in_review (features/marketplace)
 * or an app version (manifest) in review (features/manifests). Their tables own it; triggers on both
 * (migration 0016) keep when each went into review on `developer_apps` (`listing_in_review_at`,
 * `version_in_review_at`, and `in_review_at`, the later of the two), so the review queue is an index
 * range over the few apps in review (partial indexes on `in_review_at is not null`) whatever the
 * number of apps, with no per-row subqueries.
 */
import { type SQL, sql } from 'drizzle-orm';
import { developerApps, marketplaceSubmissions } from '../../db/schema/index.ts';

/**
 * Apps with a listing or a manifest in review, or a production credentials or marketplace access request
 * waiting (issue 22; `in_review_at` is the latest of the four): the predicate of the queue's partial indexes.
 */
export const appInReview: SQL = sql`${developerApps.inReviewAt} is not null`;

/**
 * In review at as a sort key: apps not in review (inReview=false) sort as the epoch, first when
 * ascending. The same expression as `developer_apps_in_review_at_idx`.
 */
export const inReviewAtKey: SQL = sql`coalesce(${developerApps.inReviewAt}, 'epoch'::timestamptz)`;

/** Whether the app has a live (published, not archived) listing. */
export const hasPublishedListing: SQL = sql`exists (select 1 from ${marketplaceSubmissions}
  where ${marketplaceSubmissions.developerAppId} = ${developerApps.id} and ${marketplaceSubmissions.state} = 'published' and ${marketplaceSubmissions.archivedAt} is null)`;
