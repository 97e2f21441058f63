import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { timestamps } from './columns.ts';

/** A bucket template as stored (spec admin §3); the server is the bucket's. */
export type StoredBucketTemplate = {
  name: 'main' | 'spike';
  fillType: 'count' | 'quota';
  limit: number;
  intervalMs: number;
};

/**
 * Rate-limit buckets per server (spec admin §3): one per OAuth application (`domain`, its client id)
 * on each server; templates charged together (features/quota).
 */
export const quotaBuckets = pgTable(
  'quota_buckets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    server: text('server').notNull(),
    name: text('name').notNull(),
    clientId: text('client_id').notNull().default('*'),
    domain: text('domain').notNull(),
    shadow: boolean('shadow').notNull().default(false),
    templates: jsonb('templates').notNull().$type<StoredBucketTemplate[]>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('quota_buckets_server_domain_idx').on(t.server, t.domain),
    index('quota_buckets_server_name_idx').on(t.server, t.name, t.id),
    index('quota_buckets_server_created_idx').on(t.server, t.createdAt, t.id),
    index('quota_buckets_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/**
 * A bucket's traffic per minute: requests checked, refused (enforced) and would-be refused (shadow).
 * The page's shadow counts per day and the impact preview read it; rows older than 8 days are pruned.
 */
export const quotaTraffic = pgTable(
  'quota_traffic',
  {
    bucketId: uuid('bucket_id')
      .notNull()
      .references(() => quotaBuckets.id, { onDelete: 'cascade' }),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    requests: integer('requests').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    wouldRefuse: integer('would_refuse').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucketId, t.minute] }), index('quota_traffic_minute_idx').on(t.minute)],
);
