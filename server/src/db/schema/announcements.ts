import { boolean, date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Announcements ("notifications" in the spec's API) written by staff. */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    /** Markdown; rendered through the sanitizing pipeline only. */
    body: text('body').notNull(),
    critical: boolean('critical').notNull().default(false),
    draft: boolean('draft').notNull().default(false),
    /** Visible from 00:00 of this day in the portal's time zone. */
    showAfter: date('show_after', { mode: 'string' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('announcements_created_at_idx').on(t.createdAt),
    index('announcements_visible_idx').on(t.draft, t.showAfter, t.createdAt),
  ],
);

/** When a user read an announcement; one row per user and announcement. */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.userId] }),
    index('announcement_reads_user_idx').on(t.userId),
  ],
);
