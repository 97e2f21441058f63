/**
 * The public marketplace over the API: its list of published listings (searched, filtered by
 * category and region) and one listing's page, with the categories they show.
 */
import { z } from 'zod';
import { Attachment, StaffBadges } from './marketplace.ts';
import { ListingValues } from './marketplace-listing.ts';
import { pageQuery, SearchFilter, sortParam } from './pagination.ts';
import { MARKETPLACE_PER_PAGE } from './rules/limits.ts';
import { MARKETPLACE_REGIONS } from './rules/marketplace-catalog.ts';

export const Category = z.object({ id: z.number().int(), label: z.string() });
export type Category = z.infer<typeof Category>;

export const SlugParams = z.object({ slug: z.string().min(1).max(200) });

/** `GET /api/v1/marketplace/apps`: published listings, searched by name or tagline, filtered. */
export const MarketplaceListQuery = pageQuery(MARKETPLACE_PER_PAGE)
  .extend(SearchFilter.shape)
  .extend({
    'filters[category_id]': z.coerce.number().int().min(1).max(1_000_000).optional(),
    'filters[region]': z
      .enum(MARKETPLACE_REGIONS.map((region) => region.id) as [string, ...string[]])
      .optional(),
    sort: sortParam(['public_name', 'published_at'], 'public_name'),
  });
export type MarketplaceListQuery = z.infer<typeof MarketplaceListQuery>;

const PublicMedia = Attachment.pick({
  id: true,
  type: true,
  name: true,
  description: true,
  url: true,
  width: true,
  height: true,
});

/** The listing's own values, shown as they are saved. */
const listing = ListingValues.shape;

export const MarketplaceListingSummary = z.object({
  slug: z.string(),
  developer_app_id: z.string(),
  public_name: z.string(),
  tagline: listing.tagline,
  small_logo_url: listing.small_logo_url,
  categories: z.array(Category),
  built_by: listing.built_by,
  ...StaffBadges.shape,
  published_at: z.string().nullable(),
});
export type MarketplaceListingSummary = z.infer<typeof MarketplaceListingSummary>;

/** One listing as the public marketplace shows it (or, for its people and staff, a draft's preview). */
export const MarketplaceListing = MarketplaceListingSummary.extend({
  /** A draft shown through the preview path: not in the marketplace. */
  preview: z.boolean(),
  submission_id: z.string(),
  description: listing.description,
  about: listing.about,
  how_it_works: listing.how_it_works,
  sold_by: listing.sold_by,
  feature_bullets: z.array(z.string()),
  helpful_links: z.array(z.object({ label: z.string(), url: z.string() })),
  requirements: z.array(z.string()),
  product_tools: z.array(z.object({ id: z.string(), title: z.string() })),
  regions: z.array(z.object({ id: z.string(), name: z.string() })),
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
  support_email: listing.support_email,
  website_link: z.object({ label: z.string(), url: z.string() }).nullable(),
  /** The contact button: an e-mail, a learn-how link, or a lead form. */
  contact: z.object({
    option: z.enum(['contact_us', 'learn_how', 'lead']).nullable(),
    email: z.string().nullable(),
    url: z.string().nullable(),
  }),
  pricing_description: listing.pricing_description,
  pricing_url: listing.pricing_url,
  costs_money: z.boolean(),
  has_trials: listing.has_trials,
  connector_required: listing.connector_required,
  subscription_required: listing.subscription_required,
  pictures: z.array(PublicMedia),
  videos: z.array(PublicMedia),
  showcase_video: PublicMedia.nullable(),
});
export type MarketplaceListing = z.infer<typeof MarketplaceListing>;
