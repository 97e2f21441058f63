/**
 * App events from the platform (installs, uninstalls, updates; spec admin §2 "App engagement
 * report", §3 "Installation row"): the raw events as received, each company's current installation,
 * and the daily roll-up the report reads. All three are written by metrics.ingest.ts in one
 * transaction (docs/decisions.md "Installations").
 */
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appRef } from './apps.ts';
import { appDailyTable, dailyCount } from './daily.ts';

export const APP_EVENT_TYPES = ['install', 'uninstall', 'update'] as const;

/** Every event ever accepted; the event id is unique forever (the primary key), so a replay is a no-op. */
export const appEvents = pgTable(
  'app_events',
  {
    id: text('id').primaryKey(),
    developerAppId: appRef(),
    type: text('type', { enum: APP_EVENT_TYPES }).notNull(),
    appVersion: text('app_version'),
    companyId: text('company_id').notNull(),
    companyName: text('company_name').notNull(),
    companyIsDemo: boolean('company_is_demo').notNull(),
    userEmail: text('user_email'),
    status: text('status').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, precision: 3 }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('app_events_app_occurred_idx').on(t.developerAppId, t.occurredAt)],
);

/**
 * Each company's installation of an app as its latest event says (latest by occurred_at, then event
 * id): out-of-order events converge on the same row whatever order they arrive in.
 */
export const appInstallations = pgTable(
  'app_installations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    developerAppId: appRef(),
    companyId: text('company_id').notNull(),
    companyName: text('company_name').notNull(),
    companyIsDemo: boolean('company_is_demo').notNull(),
    userEmail: text('user_email'),
    appVersion: text('app_version'),
    status: text('status').notNull(),
    /** False once the latest event is an uninstall. */
    installed: boolean('installed').notNull(),
    /** The latest event's occurred_at (the row's `procore_updated_at`). */
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull(),
    lastEventId: text('last_event_id').notNull(),
  },
  (t) => [
    uniqueIndex('app_installations_app_company_idx').on(t.developerAppId, t.companyId),
    // The install feed and the CSV: newest first, keyset pages.
    index('app_installations_feed_idx').on(t.developerAppId, t.updatedAt, t.id),
    index('app_installations_company_idx').on(t.developerAppId, t.companyName, t.id),
  ],
);

/** Install and uninstall events per app per portal day (TIME_ZONE), kept with each raw insert. */
export const appDailyInstalls = appDailyTable('app_daily_installs', {
  installs: dailyCount('installs'),
  uninstalls: dailyCount('uninstalls'),
});
