import type { ReviewQueueRow } from '@portal/contracts';

/** Spec admin §2: In Review At is the later of the listing's and the manifest's review dates. */
export function laterReview(row: ReviewQueueRow): string | null {
  const dates = [row.marketplace_listing_in_review_at, row.app_version_in_review_at].filter(
    (value): value is string => value !== null,
  );
  return dates.sort().at(-1) ?? null;
}
