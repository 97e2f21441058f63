/** The listing rules as this deployment applies them, plus what only the database knows. */
import {
  LISTING_MESSAGES,
  type ListingProblem,
  type ListingRuleOptions,
  MARKETPLACE_REGIONS,
} from '@portal/contracts';
import type { AppContext } from '../../platform/context.ts';
import { listCategories } from './submissions.repo.ts';

export function ruleOptions(ctx: AppContext, forReview: boolean): ListingRuleOptions {
  return {
    forReview,
    fedramp: ctx.config.fedramp,
    securityQuestionnaire: ctx.config.securityQuestionnaire,
    // The manifest version picker waits for the manifests feature (docs/decisions.md).
    requireAppVersion: false,
  };
}

/** Category ids that name no category. */
export async function categoryProblems(ctx: AppContext, ids: number[]): Promise<ListingProblem[]> {
  if (!ids.length) return [];
  const known = new Set((await listCategories(ctx)).map((category) => category.id));
  return ids
    .filter((id) => !known.has(id))
    .map((id) => ({ path: ['category_ids'], message: LISTING_MESSAGES.unknown('category', id) }));
}

/** Regions the listing is available in: ticked ones, and those with a ticked country. */
export function availableRegionIds(
  regions: Record<string, boolean>,
  countries: Record<string, boolean>,
): string[] {
  return MARKETPLACE_REGIONS.filter(
    (region) => regions[region.id] === true || region.countries.some((code) => countries[code] === true),
  ).map((region) => region.id);
}
