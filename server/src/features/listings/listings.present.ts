/** Submission rows as the API shows them to the app's people and staff; media as rows and URLs. */
import type { Attachment, ListingValues, Submission } from '@portal/contracts';
import type { AttachmentRow, SubmissionRow } from './listings.repo.ts';

/** Media are immutable under their id; browsers may keep them for an hour (drafts' only privately). */
export const MEDIA_CACHE = 'private, max-age=3600';

export const mediaUrl = (id: string) => `/api/v1/marketplace/media/${id}`;

export function toAttachment(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    type: row.kind,
    name: row.name,
    description: row.description,
    original_filename: row.originalFilename,
    url: row.externalUrl ?? mediaUrl(row.id),
    external_url: row.externalUrl,
    content_type: row.contentType,
    byte_size: row.byteSize,
    width: row.width,
    height: row.height,
    created_at: row.createdAt.toISOString(),
  };
}

type Media = {
  logo: AttachmentRow | null;
  pictures: AttachmentRow[];
  videos: AttachmentRow[];
  showcase: AttachmentRow | null;
  document: AttachmentRow | null;
};

export function mediaOf(rows: AttachmentRow[]): Media {
  const of = (kind: AttachmentRow['kind']) => rows.filter((row) => row.kind === kind);
  return {
    logo: of('Logo')[0] ?? null,
    pictures: of('Picture'),
    videos: of('Video'),
    showcase: of('ShowcaseVideo')[0] ?? null,
    document: of('Document')[0] ?? null,
  };
}

/** What the listing rules read: the stored fields plus the media the submission holds. */
export function listingValues(
  row: SubmissionRow,
  media: Array<Pick<AttachmentRow, 'id' | 'kind'>>,
): ListingValues {
  const logo = media.find((item) => item.kind === 'Logo');
  return {
    public_name: row.publicName,
    tagline: row.tagline,
    description: row.description,
    about: row.about,
    built_by: row.builtBy,
    sold_by: row.soldBy,
    how_it_works: row.howItWorks,
    category_ids: row.categoryIds,
    app_version_id: row.appVersionId,
    app_version: row.appVersion,
    draft_developer_notes: row.draftDeveloperNotes,
    feature_bullets: row.featureBullets,
    helpful_links: row.helpfulLinks,
    requirements: row.requirements,
    product_tools: row.productTools,
    regions: row.regions,
    countries: row.countries,
    support_email: row.supportEmail,
    website_link: row.websiteLink,
    contact_us_email: row.contactUsEmail,
    learn_how_url: row.learnHowUrl,
    create_lead: row.createLead,
    subscription_required: row.subscriptionRequired,
    connector_required: row.connectorRequired,
    has_trials: row.hasTrials,
    pricing_url: row.pricingUrl,
    pricing_description: row.pricingDescription,
    security_questionnaire: row.securityQuestionnaire,
    small_logo_url: logo ? mediaUrl(logo.id) : null,
    pictures: media.filter((item) => item.kind === 'Picture'),
    videos: media.filter((item) => item.kind === 'Video'),
    showcase_video: media.find((item) => item.kind === 'ShowcaseVideo') ?? null,
  };
}

export type Viewer = { staff: boolean; canEdit: boolean; canSubmit: boolean };

export function toSubmission(row: SubmissionRow, attachments: AttachmentRow[], viewer: Viewer): Submission {
  const media = mediaOf(attachments);
  const live = row.state === 'published' && row.archivedAt === null;
  const current = row.archivedAt === null;
  const mayChange = viewer.staff || viewer.canEdit;
  const maySubmit = viewer.staff || viewer.canSubmit;
  return {
    ...listingValues(row, attachments),
    id: row.id,
    developer_app_id: row.developerAppId,
    state: row.state,
    approval_state: row.approvalState,
    costs_money: row.costsMoney,
    installable: row.installable,
    small_logo: media.logo ? toAttachment(media.logo) : null,
    pictures: media.pictures.map(toAttachment),
    videos: media.videos.map(toAttachment),
    showcase_video: media.showcase ? toAttachment(media.showcase) : null,
    security_questionnaire_document: media.document ? toAttachment(media.document) : null,
    beta: row.beta,
    security_badge: row.securityBadge,
    is_concierge_app: row.isConciergeApp,
    made_by_procore: row.madeByProcore,
    procore_certified_partner: row.procoreCertifiedPartner,
    admin_message: row.adminMessage,
    notes: viewer.staff ? row.notes : null,
    silent: row.silent,
    live,
    slug: row.slug,
    version: row.version,
    submitted_at: row.submittedAt?.toISOString() ?? null,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    published_at: row.publishedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    permissions: {
      can_edit: current && mayChange && (viewer.staff || row.state !== 'in_review'),
      can_submit: current && maySubmit && row.state === 'draft',
      can_withdraw: current && maySubmit && row.state === 'in_review',
      can_review: current && viewer.staff && row.state === 'in_review',
    },
  };
}
