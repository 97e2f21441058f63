import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appRef } from './apps.ts';
import { timestamps } from './columns.ts';
import { users } from './users.ts';

/**
 * Invitations to join an app. The token is kept only as its sha256 hash; a link is single-use
 * (status leaves `pending`) and expires at `expires_at`.
 */
export const developerAppInvitations = pgTable(
  'developer_app_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    developerAppId: appRef(),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'developer'] }).notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'canceled'] })
      .notNull()
      .default('pending'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    invitedById: text('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedById: text('accepted_by_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('developer_app_invitations_app_status_idx').on(t.developerAppId, t.status, t.createdAt, t.id),
    // One pending invitation per address and app, also under concurrent invites.
    uniqueIndex('developer_app_invitations_pending_uq')
      .on(t.developerAppId, t.email)
      .where(sql`${t.status} = 'pending'`),
  ],
);
