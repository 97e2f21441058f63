import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Every e-mail the portal sends, whether delivered over SMTP or kept here only (no SMTP_URL). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Makes a retried send job a no-op once the message went out. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    template: text('template').notNull(),
    delivery: text('delivery', { enum: ['outbox', 'smtp'] }).notNull(),
    status: text('status', { enum: ['sent', 'failed'] }).notNull(),
    error: text('error'),
    /**
     * The announcement a critical-announcement e-mail is about (null for every other mail): its reach
     * counts these rows (db/derived.ts). No foreign key: the outbox is a record that outlives the
     * announcement, and a queued mail may be recorded after the announcement was deleted.
     */
    announcementId: uuid('announcement_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Newest first with a unique tiebreaker; `to` contains-search through trigrams.
    index('mail_outbox_created_idx').on(t.createdAt, t.id),
    index('mail_outbox_to_trgm').using('gin', sql`${t.to} gin_trgm_ops`),
    // Per-template counts by key prefix (e.g. an announcement's e-mails: `announcement:<id>:%`).
    index('mail_outbox_template_key_idx').on(t.template, t.idempotencyKey.op('text_pattern_ops')),
  ],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    properties: jsonb('properties').notNull().$type<Record<string, unknown>>(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_key_created_idx').on(t.key, t.createdAt)],
);
