import type { ReviewQueueRow } from '@portal/contracts';

/**
 * Spec admin §2: In Review At is the latest of the listing's and the manifest's review dates and, since
 * issue 22, of the production credentials and marketplace access requests.
 */
export function laterReview(row: ReviewQueueRow): string | null {
  const dates = [
    row.marketplace_listing_in_review_at,
    row.app_version_in_review_at,
    row.production_access_requested_at,
    row.marketplace_access_requested_at,
  ].filter((value): value is string => value !== null);
  return dates.sort().at(-1) ?? null;
}
