/**
 * What is waiting for a reviewer, read from the tables that own it: a marketplace submission in
 * state in_review (features/marketplace) and an app version (manifest) in review
 * (features/manifests). Nothing is copied onto developer_apps: each has a partial index on its
 * in-review rows, so "which apps are in review" is a small read, whatever the number of apps.
 */
import { type SQL, sql } from 'drizzle-orm';
import { appVersions, developerApps, marketplaceSubmissions } from '../../db/schema/index.ts';

/** The apps with a listing or a manifest in review. */
export const appsInReview: SQL = sql`(select ${marketplaceSubmissions.developerAppId} from ${marketplaceSubmissions} where ${marketplaceSubmissions.state} = 'in_review'
  union select ${appVersions.developerAppId} from ${appVersions} where ${appVersions.state} = 'in_review')`;

/** When the app's listing went into review (null when it is not in review). */
export const listingInReviewAt: SQL = sql`(select max(${marketplaceSubmissions.submittedAt}) from ${marketplaceSubmissions}
  where ${marketplaceSubmissions.developerAppId} = ${developerApps.id} and ${marketplaceSubmissions.state} = 'in_review')`;

/** When the app's manifest went into review (null when none is). */
export const versionInReviewAt: SQL = sql`(select max(${appVersions.submittedAt}) from ${appVersions}
  where ${appVersions.developerAppId} = ${developerApps.id} and ${appVersions.state} = 'in_review')`;

/** Whether the app has a live (published, not archived) listing. */
export const hasPublishedListing: SQL = sql`exists (select 1 from ${marketplaceSubmissions}
  where ${marketplaceSubmissions.developerAppId} = ${developerApps.id} and ${marketplaceSubmissions.state} = 'published' and ${marketplaceSubmissions.archivedAt} is null)`;

/** The later of two review times as ISO text, or null. */
export function laterOf(a: Date | string | null, b: Date | string | null): string | null {
  const times = [a, b].filter((t) => t !== null).map((t) => new Date(t as string | Date));
  if (!times.length) return null;
  return new Date(Math.max(...times.map((t) => t.getTime()))).toISOString();
}
