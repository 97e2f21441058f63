import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userRef } from './users.ts';

/**
 * One row per (user, Idempotency-Key) on the create routes that opt in (platform/http/idempotency.ts).
 * The key is kept only as its sha256; `fingerprint` hashes the request it was first used with; the
 * response columns stay null while the first request runs, then hold what it answered (the body
 * sealed with ENCRYPTION_KEY) so retries get it replayed. Rows expire after 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    keyHash: text('key_hash').notNull(),
    fingerprint: text('fingerprint').notNull(),
    responseStatus: integer('response_status'),
    responseType: text('response_type'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The claim: the first insert wins, concurrent ones conflict here and wait for its response.
    uniqueIndex('idempotency_keys_user_key_uq').on(t.userId, t.keyHash),
    index('idempotency_keys_expires_at_idx').on(t.expiresAt),
  ],
);
