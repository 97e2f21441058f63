/**
 * The public marketplace over the API: its list of published listings (searched, filtered by
 * category and region) and one listing's page, with the categories they show.
 */
import { z } from 'zod';
import { Attachment } from './marketplace.ts';
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

export const MarketplaceListingSummary = z.object({
  slug: z.string(),
  developer_app_id: z.string(),
  public_name: z.string(),
  tagline: z.string().nullable(),
  small_logo_url: z.string().nullable(),
  categories: z.array(Category),
  built_by: z.string().nullable(),
  beta: z.boolean(),
  security_badge: z.boolean(),
  made_by_procore: z.boolean(),
  procore_certified_partner: z.boolean(),
  is_concierge_app: z.boolean(),
  published_at: z.string().nullable(),
});
export type MarketplaceListingSummary = z.infer<typeof MarketplaceListingSummary>;

/** One listing as the public marketplace shows it (or, for its people and staff, a draft's preview). */
export const MarketplaceListing = MarketplaceListingSummary.extend({
  /** A draft shown through the preview path: not in the marketplace. */
  preview: z.boolean(),
  submission_id: z.string(),
  description: z.string().nullable(),
  about: z.string().nullable(),
  how_it_works: z.string().nullable(),
  sold_by: z.string().nullable(),
  feature_bullets: z.array(z.string()),
  helpful_links: z.array(z.object({ label: z.string(), url: z.string() })),
  requirements: z.array(z.string()),
  product_tools: z.array(z.object({ id: z.string(), title: z.string() })),
  regions: z.array(z.object({ id: z.string(), name: z.string() })),
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
  support_email: z.string().nullable(),
  website_link: z.object({ label: z.string(), url: z.string() }).nullable(),
  /** The contact button: an e-mail, a learn-how link, or a lead form. */
  contact: z.object({
    option: z.enum(['contact_us', 'learn_how', 'lead']).nullable(),
    email: z.string().nullable(),
    url: z.string().nullable(),
  }),
  pricing_description: z.string().nullable(),
  pricing_url: z.string().nullable(),
  costs_money: z.boolean(),
  has_trials: z.boolean().nullable(),
  connector_required: z.boolean().nullable(),
  subscription_required: z.boolean().nullable(),
  pictures: z.array(PublicMedia),
  videos: z.array(PublicMedia),
  showcase_video: PublicMedia.nullable(),
});
export type MarketplaceListing = z.infer<typeof MarketplaceListing>;
