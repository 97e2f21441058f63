import { CHANGELOG_STATUSES, CHANGELOG_TYPES, CHANGELOG_VISIBILITIES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { users } from './users.ts';

/**
 * The OpenAPI 3.x documents of a resource group per branch (the spec's `custom_service_sha`), as
 * imported by admins; the newest per (group, branch) is the one the reference shows. The `portal`
 * group has none: its document is the one the server generates (platform/http/openapi.ts).
 */
export const openapiDocuments = pgTable(
  'openapi_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupName: text('group_name').notNull(),
    branch: text('branch').notNull(),
    /** The document's info.version. */
    version: text('version').notNull(),
    document: jsonb('document').notNull().$type<Record<string, unknown>>(),
    /** sha256 of the canonical JSON: a re-import of the same document is recognised. */
    digest: text('digest').notNull(),
    importedBy: text('imported_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('openapi_documents_current_idx').on(t.groupName, t.branch, t.createdAt, t.id)],
);

/** Changelog entries (spec developer-apps §3), per resource group and branch. */
export const changelogEntries = pgTable(
  'changelog_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupName: text('group_name').notNull(),
    branch: text('branch').notNull(),
    summary: text('summary').notNull(),
    /** Markdown; shown through the one sanitizing policy only. */
    description: text('description').notNull().default(''),
    endpoint: text('endpoint').notNull(),
    type: text('type', { enum: CHANGELOG_TYPES }).notNull(),
    breaking: boolean('breaking').notNull().default(false),
    datestamp: date('datestamp', { mode: 'string' }).notNull(),
    versions: text('versions').array().notNull(),
    link: text('link').notNull(),
    visibility: text('visibility', { enum: CHANGELOG_VISIBILITIES }).notNull().default('public'),
    status: text('status', { enum: CHANGELOG_STATUSES }).notNull().default('published'),
    /** The diff class that proposed it (openapi-diff), null when written by hand. */
    changeKind: text('change_kind'),
    /** The import that proposed it; a proposal's identity within it (kind + place) stays unique. */
    documentId: uuid('document_id').references(() => openapiDocuments.id, { onDelete: 'set null' }),
    changeKey: text('change_key'),
    ...timestamps,
    /** The Atom entry's <updated>: when it was published or last edited while published. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    // The public list: a branch's published entries, newest first (type and breaking filter on top).
    index('changelog_entries_list_idx').on(t.groupName, t.branch, t.status, t.datestamp, t.id),
    index('changelog_entries_public_idx')
      .on(t.groupName, t.branch, t.datestamp, t.id)
      .where(sql`${t.status} = 'published' and ${t.visibility} = 'public'`),
    // Type and breaking filters on the public list: each a range of its own index, in list order.
    index('changelog_entries_type_idx')
      .on(t.groupName, t.branch, t.type, t.breaking, t.datestamp, t.id)
      .where(sql`${t.status} = 'published' and ${t.visibility} = 'public'`),
    // One type without the breaking filter, in list order (the type index above needs both).
    index('changelog_entries_public_type_idx')
      .on(t.groupName, t.branch, t.type, t.datestamp, t.id)
      .where(sql`${t.status} = 'published' and ${t.visibility} = 'public'`),
    // Staff's list (internal entries too) filtered by type.
    index('changelog_entries_status_type_idx').on(t.groupName, t.branch, t.status, t.type, t.datestamp, t.id),
    index('changelog_entries_breaking_idx')
      .on(t.groupName, t.branch, t.breaking, t.datestamp, t.id)
      .where(sql`${t.status} = 'published' and ${t.visibility} = 'public'`),
    index('changelog_entries_summary_trgm').using('gin', sql`${t.summary} gin_trgm_ops`),
    index('changelog_entries_description_trgm').using('gin', sql`${t.description} gin_trgm_ops`),
    index('changelog_entries_endpoint_trgm').using('gin', sql`${t.endpoint} gin_trgm_ops`),
    uniqueIndex('changelog_entries_change_uq').on(t.documentId, t.changeKey),
  ],
);
