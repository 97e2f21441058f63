import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { userRef, users } from './users.ts';

/** A third-party integration app. `uid` is its production client id once issued. */
export const developerApps = pgTable(
  'developer_apps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    internalName: text('internal_name').notNull(),
    name: text('name'),
    uid: text('uid').unique(),
    productionAccess: text('production_access', {
      enum: ['none', 'production_pending', 'production_approved'],
    })
      .notNull()
      .default('none'),
    /** What the last production request asked for (confidential or public client). */
    requestedConfidential: boolean('requested_confidential'),
    redirectUri: text('redirect_uri').notNull().default(''),
    confidential: boolean('confidential').notNull().default(true),
    grantType: text('grant_type').notNull().default('authorization_code'),
    allowedCorsDomain: text('allowed_cors_domain').notNull().default(''),
    legacy: boolean('legacy').notNull().default(false),
    connectable: boolean('connectable').notNull().default(false),
    /** Storage key of the logo (under DATA_DIR/uploads). */
    thumbnailKey: text('thumbnail_key'),
    thumbnailType: text('thumbnail_type'),
    thumbnailWidth: integer('thumbnail_width'),
    thumbnailHeight: integer('thumbnail_height'),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    externalProcoreOwnerId: bigint('external_procore_owner_id', { mode: 'number' }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    marketplaceEnabled: boolean('marketplace_enabled').notNull().default(false),
    /** Integration contacts, each with a stable id (spec developer-apps §3: id, name, email). */
    contacts: jsonb('contacts')
      .notNull()
      .default([])
      .$type<Array<{ id: string; name: string; email: string }>>(),
    /** When the creator accepted the terms, and which text (sha256) they accepted. */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    termsVersion: text('terms_version'),
    ...timestamps,
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * When the app's marketplace listing and its manifest (app version) went into review; null when
     * none is. Kept by triggers on marketplace_submissions and app_versions (migration 0016, db/derived.ts),
     * never written here: the review queue and the admin apps list's in-review filter read them.
     */
    listingInReviewAt: timestamp('listing_in_review_at', { withTimezone: true }),
    versionInReviewAt: timestamp('version_in_review_at', { withTimezone: true }),
    /**
     * When a production credentials request (production_access `production_pending`) and a
     * marketplace access request went to the reviewers; null when none waits. Written with the
     * request and cleared with its decision (features/credentials, features/listings).
     */
    productionAccessRequestedAt: timestamp('production_access_requested_at', { withTimezone: true }),
    marketplaceAccessRequestedAt: timestamp('marketplace_access_requested_at', { withTimezone: true }),
    /** The latest of the four (spec admin §2 "In Review At"); null when nothing is in review. */
    inReviewAt: timestamp('in_review_at', { withTimezone: true }).generatedAlwaysAs(
      (): SQL =>
        sql`greatest(${developerApps.listingInReviewAt}, ${developerApps.versionInReviewAt}, ${developerApps.productionAccessRequestedAt}, ${developerApps.marketplaceAccessRequestedAt})`,
    ),
    /**
     * The owner's e-mail while the app is in review, null otherwise: the queue's owner order from
     * an index, without joining users. Kept by triggers on this table and on users (db/derived.ts).
     */
    reviewOwnerEmail: text('review_owner_email'),
  },
  (t) => [
    index('developer_apps_owner_idx').on(t.ownerId),
    index('developer_apps_created_at_idx').on(t.createdAt),
    // Admin apps list: each sort key with the id that makes it unique.
    index('developer_apps_created_id_idx').on(t.createdAt, t.id),
    index('developer_apps_updated_id_idx').on(t.updatedAt, t.id),
    index('developer_apps_internal_name_id_idx').on(t.internalName, t.id),
    index('developer_apps_production_access_idx').on(t.productionAccess, t.updatedAt),
    index('developer_apps_internal_name_trgm').using('gin', sql`${t.internalName} gin_trgm_ops`),
    index('developer_apps_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    // The few soft-deleted apps: My Apps leaves them out with an anti-join on this small index.
    index('developer_apps_deleted_idx').on(t.id).where(sql`${t.deletedAt} is not null`),
    // The review queue: the few apps in review, one index per order (each with the filtered
    // columns, so a count or an offset reads the index alone).
    index('developer_apps_in_review_at_idx')
      .on(sql`coalesce(${t.inReviewAt}, 'epoch'::timestamptz)`, t.id, t.deletedAt, t.ownerId)
      .where(sql`${t.inReviewAt} is not null`),
    index('developer_apps_in_review_name_idx')
      .on(t.internalName, t.id, t.deletedAt, t.ownerId)
      .where(sql`${t.inReviewAt} is not null`),
    index('developer_apps_in_review_owner_idx')
      .on(t.reviewOwnerEmail, t.id, t.deletedAt, t.ownerId)
      .where(sql`${t.inReviewAt} is not null`),
    // The same order over every app (inReview=false sorted by in review at): apps never in review
    // come first (epoch), then by when they went in.
    index('developer_apps_review_order_idx').on(sql`coalesce(${t.inReviewAt}, 'epoch'::timestamptz)`, t.id),
  ],
);

/** The app a row belongs to (`developer_app_id`): the row goes with the app. */
export const appRef = () =>
  uuid('developer_app_id')
    .notNull()
    .references(() => developerApps.id, { onDelete: 'cascade' });

/**
 * How many live (not deleted) apps each user is on: My Apps' Total without counting the user's
 * memberships on every request. Kept by statement triggers (migration 0012) on memberships and on
 * apps' `deleted_at`; never written here (db/derived.ts).
 */
export const userAppCounts = pgTable('user_app_counts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  liveApps: integer('live_apps').notNull().default(0),
});

/** Who is on an app and as what. The owner's row is created with the app. */
export const developerAppMembers = pgTable(
  'developer_app_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    developerAppId: appRef(),
    userId: userRef(),
    role: text('role', { enum: ['owner', 'admin', 'developer'] }).notNull(),
    /**
     * The app's internal and public name (newline between), for My Apps search. Kept by triggers
     * (migration 0006) when a membership is added or the app is renamed; never written here (db/derived.ts).
     */
    appSearch: text('app_search').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('developer_app_members_app_user_uq').on(t.developerAppId, t.userId),
    // My Apps: the apps I am on, newest membership first, paged and searched from the index alone;
    // a page's rows take the app and the role from it too (apps.repo.ts, MY_APP_ROW).
    index('developer_app_members_user_idx').on(
      t.userId,
      t.createdAt,
      t.id,
      t.developerAppId,
      t.appSearch,
      t.role,
    ),
    // A search by someone on thousands of apps: the term's few matches first, then theirs among them.
    index('developer_app_members_app_search_trgm').using('gin', sql`${t.appSearch} gin_trgm_ops`),
  ],
);

/**
 * OAuth clients per environment. The production secret is kept only as a sha256 hash plus its
 * prefix and last 4 characters; the sandbox secret is AES-256-GCM encrypted so it can be revealed.
 */
export const oauthApplications = pgTable(
  'oauth_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    developerAppId: appRef(),
    environment: text('environment', { enum: ['production', 'sandbox', 'monthly_sandbox'] }).notNull(),
    clientId: text('client_id').notNull().unique(),
    secretHash: text('secret_hash'),
    secretPrefix: text('secret_prefix'),
    secretLast4: text('secret_last4'),
    secretEncrypted: text('secret_encrypted'),
    secretIssuedAt: timestamp('secret_issued_at', { withTimezone: true }),
    redirectUri: text('redirect_uri').notNull().default(''),
    confidential: boolean('confidential').notNull().default(true),
    grantType: text('grant_type').notNull().default('authorization_code'),
    allowedCorsDomain: text('allowed_cors_domain').notNull().default(''),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    /**
     * The app's internal name, for the admin OAuth list's name sort, filter and search (one table,
     * no join per row). Kept by triggers (migration 0019) when a client is added or the app is
     * renamed; never written here (db/derived.ts).
     */
    appInternalName: text('app_internal_name').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('oauth_applications_app_env_idx').on(t.developerAppId, t.environment),
    // Admin OAuth list: per environment by App ID or by app name, and substring search on both.
    index('oauth_applications_env_client_idx').on(t.environment, t.clientId, t.id),
    index('oauth_applications_env_name_idx').on(t.environment, t.appInternalName, t.id),
    index('oauth_applications_client_id_trgm').using('gin', sql`${t.clientId} gin_trgm_ops`),
    index('oauth_applications_app_name_trgm').using('gin', sql`${t.appInternalName} gin_trgm_ops`),
  ],
);

/** A sandbox company per app, built by the provisioner job. */
export const sandboxes = pgTable(
  'sandboxes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    developerAppId: appRef().unique(),
    status: text('status', { enum: ['pending', 'live', 'failed'] })
      .notNull()
      .default('pending'),
    companyId: bigint('company_id', { mode: 'number' }),
    url: text('url'),
    oauthApplicationId: uuid('oauth_application_id').references(() => oauthApplications.id, {
      onDelete: 'set null',
    }),
    failureMessage: text('failure_message'),
    ...timestamps,
  },
  (t) => [index('sandboxes_status_idx').on(t.status)],
);
