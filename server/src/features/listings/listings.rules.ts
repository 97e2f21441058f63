/** The listing rules as this deployment applies them, plus what only the database knows. */
import {
  type Category,
  LISTING_MESSAGES,
  type ListingProblem,
  type ListingRuleOptions,
  MARKETPLACE_REGIONS,
} from '@portal/contracts';
import type { AppContext } from '../../platform/context.ts';
import { productionVersion } from '../manifests/index.ts';
import { listCategories } from './listings.repo.ts';

/** The marketplace's categories (reference data), by label. */
export async function categories(ctx: AppContext): Promise<Category[]> {
  return (await listCategories(ctx)).map((row) => ({ id: row.id, label: row.label }));
}

export function ruleOptions(ctx: AppContext, forReview: boolean): ListingRuleOptions {
  return {
    forReview,
    fedramp: ctx.config.fedramp,
    securityQuestionnaire: ctx.config.securityQuestionnaire,
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

export const UNKNOWN_APP_VERSION = "Choose one of this app's production versions";

/** The listing's version must be a production manifest version of its own app. */
export async function appVersionProblems(
  ctx: AppContext,
  appId: string,
  id: string | null,
): Promise<ListingProblem[]> {
  if (!id) return [];
  return (await productionVersion(ctx, appId, id))
    ? []
    : [{ path: ['app_version_id'], message: UNKNOWN_APP_VERSION }];
}

/** The label the listing shows for its version: the semantic version, else `Version N`. */
export async function appVersionLabel(ctx: AppContext, appId: string, id: string): Promise<string | null> {
  const version = await productionVersion(ctx, appId, id);
  return version ? (version.semanticVersion ?? `Version ${version.version}`) : null;
}
