/**
 * Marketplace listings over the API: submissions (a listing's drafts and published versions,
 * spec developer-apps §3 "Marketplace app"), their media, the review transitions, categories, video uploads
 * and the public marketplace.
 */
import { z } from 'zod';
import { HelpfulLink, ListingValues, SecurityQuestionnaire } from './marketplace-listing.ts';
import { LISTING_ADMIN_MESSAGE_MAX_LENGTH, LISTING_LONG_TEXT_MAX_LENGTH } from './rules/limits.ts';
import { booleans, timestamps } from './shapes.ts';

export const SUBMISSION_STATES = ['draft', 'in_review', 'published'] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];
export const APPROVAL_STATES = ['unreviewed', 'approved', 'rejected'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];
export const MEDIA_TYPES = ['Picture', 'Video', 'Logo', 'Document', 'ShowcaseVideo'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/**
 * The tracking event of every review change (spec developer-apps §4), with `state` submitted, approved or
 * rejected.
 */
export const LISTING_REVIEW_EVENT = 'developers.apps.marketplace_listing.review_state_changed';

/** The badges platform staff set on a listing, shown with it in the marketplace. */
export const StaffBadges = booleans(
  'beta',
  'security_badge',
  'is_concierge_app',
  'made_by_procore',
  'procore_certified_partner',
);

/** A picture, video, logo or document of a listing. */
export const Attachment = z.object({
  id: z.string(),
  type: z.enum(MEDIA_TYPES),
  name: z.string().nullable(),
  description: z.string().nullable(),
  original_filename: z.string().nullable(),
  /** Where a browser loads it: the portal's media path for files, the video host's URL for videos. */
  url: z.string(),
  /** Videos: the URL built from the uploaded video's hashed_id. */
  external_url: z.string().nullable(),
  content_type: z.string().nullable(),
  byte_size: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  created_at: z.string(),
});
export type Attachment = z.infer<typeof Attachment>;

/** A listing as its app's people and platform staff see it. */
export const Submission = ListingValues.extend({
  id: z.string(),
  developer_app_id: z.string(),
  state: z.enum(SUBMISSION_STATES),
  approval_state: z.enum(APPROVAL_STATES),
  costs_money: z.boolean(),
  installable: z.boolean(),
  small_logo: Attachment.nullable(),
  pictures: z.array(Attachment),
  videos: z.array(Attachment),
  showcase_video: Attachment.nullable(),
  security_questionnaire_document: Attachment.nullable(),
  /** Set by platform staff only. */
  ...StaffBadges.shape,
  /** The reviewer's message to the developer, sanitized HTML (shown in the approval/rejection banner). */
  admin_message: z.string().nullable(),
  /** Staff's own notes; null for everyone else. */
  notes: z.string().nullable(),
  /** Approved with "publish silently": the developer was not e-mailed. */
  silent: z.boolean(),
  /** Published and shown in the marketplace. */
  live: z.boolean(),
  /** The public path's key (`/marketplace/apps/{slug}`), once published. */
  slug: z.string().nullable(),
  /** Counts the saves of this submission. */
  version: z.number().int(),
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  published_at: z.string().nullable(),
  ...timestamps,
  /** What the caller may do with it now (in review, only staff may change it). */
  permissions: booleans('can_edit', 'can_submit', 'can_withdraw', 'can_review'),
});
export type Submission = z.infer<typeof Submission>;

/**
 * The app's listing (spec admin §4): the published one and the unpublished one (a draft or one in
 * review) side by side. Saving a published listing creates the unpublished one; approving it makes it
 * the published one and clears the unpublished.
 */
export const AppSubmissions = z.object({
  published_app: Submission.nullable(),
  unpublished_app: Submission.nullable(),
});
export type AppSubmissions = z.infer<typeof AppSubmissions>;

const text = z.string().nullable();
/** In multipart form data, a file part's placeholder (`upload:N`): send the file itself in that field. */
const UploadRef = z
  .string()
  .regex(/^upload:\d{1,3}$/)
  .describe('Multipart only: the file part itself, sent under this field name');

export const PictureAttributes = z
  .object({
    /** A saved picture to change (its name or description), or to drop with `_destroy`. */
    id: z.string().max(100).optional(),
    /** A new screenshot (multipart): PNG or JPEG, 720×480 to 1920×1080, between 4:3 and 16:9. */
    file: UploadRef.optional(),
    name: text.optional(),
    description: text.optional(),
    _destroy: z.boolean().optional(),
  })
  .strict();

export const VideoAttributes = z
  .object({
    id: z.string().max(100).optional(),
    /** The URL of a video uploaded through `POST /api/v1/videos` (built from its hashed_id). */
    external_url: z.string().max(2000).optional(),
    name: text.optional(),
    description: text.optional(),
    _destroy: z.boolean().optional(),
  })
  .strict();

export const DocumentAttributes = z
  .object({ file: UploadRef.optional(), name: text.optional(), _destroy: z.boolean().optional() })
  .strict();

const bounded = <T extends z.ZodType>(item: T, max: number) => z.array(item).max(max);
const flags = z.record(z.string().max(100), z.boolean()).refine((map) => Object.keys(map).length <= 300, {
  message: 'Too many entries',
});

/**
 * The editable fields, each optional: a save changes what it names. They are the listing's values
 * (media aside: those change through their own attributes), lists bounded, and two flags more;
 * `create_lead` is offered to platform employees only and refused from others.
 */
const ListingFieldsBody = ListingValues.omit({
  small_logo_url: true,
  pictures: true,
  videos: true,
  showcase_video: true,
}).extend({
  costs_money: z.boolean(),
  installable: z.boolean(),
  category_ids: bounded(z.number().int(), 50),
  feature_bullets: bounded(text, 20),
  helpful_links: bounded(HelpfulLink.strict(), 20),
  website_link: HelpfulLink.strict().nullable(),
  requirements: bounded(text, 20),
  product_tools: flags,
  regions: flags,
  countries: flags,
  security_questionnaire: SecurityQuestionnaire.extend({
    data_processing_countries: bounded(z.string().max(10), 300),
    security_standard_ids: bounded(z.number().int(), 50),
    sso_providers: bounded(z.string().max(200), 50),
  })
    .partial()
    .strict(),
});

/** Platform staff only (`/api/v1/admin/...`); from anyone else a change to one of them is refused. */
export const STAFF_ONLY_FIELDS = [
  'beta',
  'security_badge',
  'is_concierge_app',
  'made_by_procore',
  'procore_certified_partner',
  'admin_message',
  'notes',
  'approval_state',
  'silent',
  'security_questionnaire_document_attributes',
] as const;

/**
 * `POST /developer_apps/{id}/submissions`, `PATCH /submissions/{id}` and their admin twins: JSON, or
 * multipart form data with the same fields (`submission[public_name]`, `submission[category_ids][]`,
 * `submission[pictures_attributes][0][file]`, `submission[regions][europe]=true` …). The fields may
 * also come wrapped in `submission`.
 */
export const SubmissionBody = ListingFieldsBody.partial()
  .extend({
    pictures_attributes: bounded(PictureAttributes, 50).optional(),
    videos_attributes: bounded(VideoAttributes, 50).optional(),
    showcase_video_attributes: VideoAttributes.nullable().optional(),
    /** Staff only: the security questionnaire document (PDF). */
    security_questionnaire_document_attributes: DocumentAttributes.nullable().optional(),
    /** A new logo (multipart): a 200×200 PNG on a transparent or white background. */
    small_logo: UploadRef.optional(),
    remove_small_logo: z.boolean().optional(),
    /** Saved media (pictures, videos, the showcase video, the document) to remove. */
    remove_media_ids: bounded(z.string().max(100), 100).optional(),
    /** `in_review` submits (or resubmits) a draft; `draft` withdraws one in review. */
    state: z.enum(['draft', 'in_review']).optional(),
    ...StaffBadges.partial().shape,
    /** HTML; sanitized when stored. Required when rejecting. */
    admin_message: z.string().max(LISTING_ADMIN_MESSAGE_MAX_LENGTH).nullable().optional(),
    notes: z.string().max(LISTING_LONG_TEXT_MAX_LENGTH).nullable().optional(),
    /** Staff, on a listing in review: `approved` publishes it, `rejected` returns it to draft. */
    approval_state: z.enum(['approved', 'rejected']).optional(),
    /** With `approved`: publish without e-mailing the developer. */
    silent: z.boolean().optional(),
  })
  .strict();
export type SubmissionBody = z.infer<typeof SubmissionBody>;

export const SubmissionRequest = SubmissionBody.extend({ submission: SubmissionBody.optional() });
export type SubmissionRequest = z.infer<typeof SubmissionRequest>;

/**
 * A listing save as multipart form data: the files, beside any field of SubmissionRequest under its
 * bracketed name (`submission[public_name]`, `submission[category_ids][]`, `submission[regions][europe]`).
 */
export const SubmissionForm = z
  .object({
    'submission[small_logo]': z.file().describe('The logo: PNG, 200×200, transparent or white background'),
    'submission[pictures_attributes][0][file]': z
      .file()
      .describe('A screenshot (any index to 999): PNG or JPEG, 720×480 to 1920×1080, 4:3 to 16:9'),
    'submission[security_questionnaire_document_attributes][file]': z
      .file()
      .describe('Staff only: the security questionnaire document (PDF)'),
  })
  .partial()
  .catchall(z.string().describe('A field of the JSON body, by its bracketed name'));

/** `POST /api/v1/videos`: the uploaded video's id on the media host, and its name. */
export const VideoUpload = z.object({ hashed_id: z.string(), name: z.string(), url: z.string() });
export type VideoUpload = z.infer<typeof VideoUpload>;

export const VideoUploadQuery = z.object({ developer_app_id: z.string().min(1).max(100) });
/** `POST /api/v1/videos` as multipart form data. */
export const VideoUploadForm = z.strictObject({
  file: z.file().describe('The video: MP4 or QuickTime, at most 500 MB, its container whole'),
  name: z.string().max(255).optional().describe('Its name (else the file name)'),
});

export const HashedIdParams = z.object({ hashed_id: z.string().min(1).max(100) });
