/** Published listings as the public marketplace shows them: the questionnaire and staff fields stay out. */
import {
  type Category,
  contactOptionOf,
  countryName,
  MARKETPLACE_REGIONS,
  type MarketplaceListing,
  type MarketplaceListingSummary,
  PRODUCT_TOOLS,
} from '@portal/contracts';
import {
  type AttachmentRow,
  mediaOf,
  mediaUrl,
  type SubmissionRow,
  toAttachment,
} from '../listings/index.ts';

const present = (value: string | null): value is string => Boolean(value?.trim());

export function toSummary(
  row: SubmissionRow,
  logo: AttachmentRow | null,
  categories: Category[],
): MarketplaceListingSummary {
  const byId = new Map(categories.map((category) => [category.id, category]));
  return {
    slug: row.slug ?? row.id,
    developer_app_id: row.developerAppId,
    public_name: row.publicName ?? '',
    tagline: row.tagline,
    small_logo_url: logo ? mediaUrl(logo.id) : null,
    categories: row.categoryIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
    built_by: row.builtBy,
    beta: row.beta,
    security_badge: row.securityBadge,
    made_by_procore: row.madeByProcore,
    procore_certified_partner: row.procoreCertifiedPartner,
    is_concierge_app: row.isConciergeApp,
    published_at: row.publishedAt?.toISOString() ?? null,
  };
}

const publicMedia = (row: AttachmentRow) => {
  const { id, type, name, description, url, width, height } = toAttachment(row);
  return { id, type, name, description, url, width, height };
};

/** The public page's listing; the security questionnaire and staff fields stay out. */
export function toPublicListing(
  row: SubmissionRow,
  attachments: AttachmentRow[],
  categories: Category[],
  preview: boolean,
): MarketplaceListing {
  const media = mediaOf(attachments);
  const option = contactOptionOf({
    contact_us_email: row.contactUsEmail,
    learn_how_url: row.learnHowUrl,
    create_lead: row.createLead,
  });
  const countryCodes = Object.keys(row.countries).filter((code) => row.countries[code]);
  return {
    ...toSummary(row, media.logo, categories),
    preview,
    submission_id: row.id,
    description: row.description,
    about: row.about,
    how_it_works: row.howItWorks,
    sold_by: row.soldBy,
    feature_bullets: row.featureBullets.filter(present),
    helpful_links: row.helpfulLinks.flatMap((link) =>
      present(link.label) && present(link.url) ? [{ label: link.label, url: link.url }] : [],
    ),
    requirements: row.requirements.filter(present),
    product_tools: PRODUCT_TOOLS.filter((tool) => row.productTools[tool.id]).map((tool) => ({ ...tool })),
    regions: MARKETPLACE_REGIONS.filter((region) => row.regionIds.includes(region.id)).map((region) => ({
      id: region.id,
      name: region.name,
    })),
    countries: countryCodes.map((code) => ({ code, name: countryName(code) })),
    support_email: row.supportEmail,
    website_link:
      row.websiteLink && present(row.websiteLink.label) && present(row.websiteLink.url)
        ? { label: row.websiteLink.label, url: row.websiteLink.url }
        : null,
    contact: {
      option,
      email: option === 'contact_us' ? row.contactUsEmail : null,
      url: option === 'learn_how' ? row.learnHowUrl : null,
    },
    pricing_description: row.pricingDescription,
    pricing_url: row.pricingUrl,
    costs_money: row.costsMoney,
    has_trials: row.hasTrials,
    connector_required: row.connectorRequired,
    subscription_required: row.subscriptionRequired,
    pictures: media.pictures.map(publicMedia),
    videos: media.videos.map(publicMedia),
    showcase_video: media.showcase ? publicMedia(media.showcase) : null,
  };
}
