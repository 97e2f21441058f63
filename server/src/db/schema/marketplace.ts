import {
  EMPTY_SECURITY_QUESTIONNAIRE,
  type HelpfulLink,
  type SecurityQuestionnaire,
} from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appRef } from './apps.ts';
import { timestamps } from './columns.ts';
import { appDailyTable, dailyCount } from './daily.ts';
import { appVersions } from './manifests.ts';
import { users } from './users.ts';

/** Marketplace categories, seeded from the reference data (migration 0010); admins may edit them later. */
export const marketplaceCategories = pgTable('marketplace_categories', {
  id: integer('id').primaryKey(),
  label: text('label').notNull(),
});

const LIVE = sql`state = 'published' and archived_at is null`;

/**
 * A marketplace listing of a developer app, as submitted for review (spec developer-apps §3 "Marketplace
 * app"). An app has at most one unpublished submission (draft or in review) and at most one live published
 * one; approving the unpublished one archives the published one it replaces.
 */
export const marketplaceSubmissions = pgTable(
  'marketplace_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    developerAppId: appRef(),
    state: text('state', { enum: ['draft', 'in_review', 'published'] })
      .notNull()
      .default('draft'),
    approvalState: text('approval_state', { enum: ['unreviewed', 'approved', 'rejected'] })
      .notNull()
      .default('unreviewed'),
    publicName: text('public_name'),
    tagline: text('tagline'),
    description: text('description'),
    about: text('about'),
    builtBy: text('built_by'),
    soldBy: text('sold_by'),
    howItWorks: text('how_it_works'),
    categoryIds: integer('category_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** The production manifest version the listing is for (the version picker). */
    appVersionId: uuid('app_version_id').references(() => appVersions.id, { onDelete: 'set null' }),
    appVersion: text('app_version'),
    draftDeveloperNotes: text('draft_developer_notes'),
    costsMoney: boolean('costs_money').notNull().default(false),
    installable: boolean('installable').notNull().default(false),
    featureBullets: jsonb('feature_bullets').notNull().default([]).$type<Array<string | null>>(),
    helpfulLinks: jsonb('helpful_links').notNull().default([]).$type<HelpfulLink[]>(),
    requirements: jsonb('requirements').notNull().default([]).$type<Array<string | null>>(),
    productTools: jsonb('product_tools').notNull().default({}).$type<Record<string, boolean>>(),
    regions: jsonb('regions').notNull().default({}).$type<Record<string, boolean>>(),
    countries: jsonb('countries').notNull().default({}).$type<Record<string, boolean>>(),
    /** Regions the listing is available in (ticked, or with a ticked country): the region filter. */
    regionIds: text('region_ids').array().notNull().default(sql`'{}'::text[]`),
    supportEmail: text('support_email'),
    websiteLink: jsonb('website_link').$type<HelpfulLink | null>(),
    contactUsEmail: text('contact_us_email'),
    learnHowUrl: text('learn_how_url'),
    createLead: boolean('create_lead').notNull().default(false),
    subscriptionRequired: boolean('subscription_required'),
    connectorRequired: boolean('connector_required'),
    hasTrials: boolean('has_trials'),
    pricingUrl: text('pricing_url'),
    pricingDescription: text('pricing_description'),
    securityQuestionnaire: jsonb('security_questionnaire')
      .notNull()
      .default(EMPTY_SECURITY_QUESTIONNAIRE)
      .$type<SecurityQuestionnaire>(),
    beta: boolean('beta').notNull().default(false),
    securityBadge: boolean('security_badge').notNull().default(false),
    isConciergeApp: boolean('is_concierge_app').notNull().default(false),
    madeByProcore: boolean('made_by_procore').notNull().default(false),
    procoreCertifiedPartner: boolean('procore_certified_partner').notNull().default(false),
    /** Sanitized HTML from the reviewer. */
    adminMessage: text('admin_message'),
    notes: text('notes'),
    silent: boolean('silent').notNull().default(false),
    slug: text('slug'),
    version: integer('version').notNull().default(1),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** A published listing replaced by a newer approved one. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('marketplace_submissions_unpublished_uq')
      .on(t.developerAppId)
      .where(sql`state in ('draft', 'in_review')`),
    uniqueIndex('marketplace_submissions_live_uq').on(t.developerAppId).where(LIVE),
    uniqueIndex('marketplace_submissions_slug_uq').on(t.slug).where(LIVE),
    index('marketplace_submissions_app_idx').on(t.developerAppId, t.createdAt),
    // The public marketplace: pages by name or newest, searched by trigrams, filtered by GIN.
    index('marketplace_submissions_live_name_idx').on(t.publicName, t.id).where(LIVE),
    index('marketplace_submissions_live_published_idx').on(t.publishedAt, t.id).where(LIVE),
    index('marketplace_submissions_live_name_trgm')
      .using('gin', sql`${t.publicName} gin_trgm_ops`)
      .where(LIVE),
    index('marketplace_submissions_live_tagline_trgm')
      .using('gin', sql`${t.tagline} gin_trgm_ops`)
      .where(LIVE),
    index('marketplace_submissions_live_categories_idx').using('gin', t.categoryIds).where(LIVE),
    index('marketplace_submissions_live_regions_idx').using('gin', t.regionIds).where(LIVE),
    // The review queue: listings waiting, oldest first.
    index('marketplace_submissions_in_review_idx').on(t.submittedAt, t.id).where(sql`state = 'in_review'`),
    // A listing in review says since when (developer_apps.listing_in_review_at is that time).
    check(
      'marketplace_submissions_in_review_submitted',
      sql`state <> 'in_review' or submitted_at is not null`,
    ),
  ],
);

/** Pictures, videos, the showcase video, the logo and the security document of a submission. */
export const marketplaceAttachments = pgTable(
  'marketplace_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => marketplaceSubmissions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['Picture', 'Video', 'Logo', 'Document', 'ShowcaseVideo'] }).notNull(),
    position: integer('position').notNull().default(0),
    name: text('name'),
    description: text('description'),
    originalFilename: text('original_filename'),
    /** Files kept by the portal (under DATA_DIR/uploads); videos live on the media host instead. */
    storageKey: text('storage_key'),
    contentType: text('content_type'),
    byteSize: bigint('byte_size', { mode: 'number' }),
    width: integer('width'),
    height: integer('height'),
    externalUrl: text('external_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('marketplace_attachments_submission_idx').on(t.submissionId, t.kind, t.position)],
);

/** The built-in video host: uploaded videos by their hashed id (what a listing's URL names). */
export const marketplaceVideos = pgTable('marketplace_videos', {
  hashedId: text('hashed_id').primaryKey(),
  developerAppId: appRef(),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
  storageKey: text('storage_key').notNull(),
  uploadedById: text('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per visitor per app per day a public listing was viewed: the primary key deduplicates,
 * and counting an app's views per day reads that index alone.
 */
export const marketplaceListingViews = pgTable(
  'marketplace_listing_views',
  {
    developerAppId: appRef(),
    day: date('day').notNull(),
    /** A daily-salted hash of who viewed (never the address itself). */
    visitor: text('visitor').notNull(),
    /** Views of the listing by this visitor that day (the first, then every repeat). */
    hits: integer('hits').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.developerAppId, t.day, t.visitor] })],
);

/**
 * Views per app per portal day, kept by recordView in the transaction of the raw row: `views` every
 * counted view, `unique_views` one per visitor (the raw rows). The report reads this, never the raw.
 */
export const appDailyViews = appDailyTable('app_daily_views', {
  views: dailyCount('views'),
  uniqueViews: dailyCount('unique_views'),
});
