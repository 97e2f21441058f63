import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  json,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appRef } from './apps.ts';
import { timestamps } from './columns.ts';
import { users } from './users.ts';

/**
 * One per app, made with its first version: the `app_manifest` id every version's content names.
 * Creating a version locks this row, so an app's versions are numbered and checked one at a time.
 */
export const appManifests = pgTable('app_manifests', {
  id: uuid('id').primaryKey().defaultRandom(),
  developerAppId: appRef().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A manifest version of an app in one environment. `version` counts per app in order of creation;
 * a promoted production version keeps its sandbox version's number. Content is `json`, not
 * `jsonb`, so the manifest reads back with the keys in the order it was written.
 */
export const appVersions = pgTable(
  'app_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    developerAppId: appRef(),
    appManifestId: uuid('app_manifest_id')
      .notNull()
      .references(() => appManifests.id, { onDelete: 'cascade' }),
    environment: text('environment', { enum: ['sandbox', 'production'] }).notNull(),
    version: integer('version').notNull(),
    semanticVersion: text('semantic_version'),
    schemaVersion: text('schema_version'),
    content: json('content').notNull().$type<Record<string, unknown>>(),
    configuredContent: json('configured_manifest_content').$type<Record<string, unknown>>(),
    state: text('state', { enum: ['confidential', 'in_review', 'published'] })
      .notNull()
      .default('confidential'),
    /** The 36-character key that installs this version as a custom app. */
    appVersionKey: uuid('app_version_key').notNull().unique().defaultRandom(),
    changelog: text('changelog'),
    developerNotes: text('developer_notes'),
    adminNotes: text('admin_notes'),
    sourceAppVersionId: uuid('source_app_version_id').references((): AnyPgColumn => appVersions.id, {
      onDelete: 'set null',
    }),
    authCodeCapable: boolean('auth_code_capable').notNull().default(false),
    createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // One number per environment; the manifests tables page through it (version descending).
    uniqueIndex('app_versions_app_env_version_uq').on(t.developerAppId, t.environment, t.version),
    // Both environments by version, and the versions tab (newest first by created_at).
    index('app_versions_app_version_idx').on(t.developerAppId, t.version, t.id),
    index('app_versions_app_created_idx').on(t.developerAppId, t.createdAt, t.id),
    // The one version of an app that may be in review at a time (and the review queue).
    uniqueIndex('app_versions_in_review_uq').on(t.developerAppId).where(sql`${t.state} = 'in_review'`),
    index('app_versions_source_idx').on(t.sourceAppVersionId),
    // A version in review says since when (developer_apps.version_in_review_at is that time).
    check('app_versions_in_review_submitted', sql`state <> 'in_review' or submitted_at is not null`),
  ],
);
