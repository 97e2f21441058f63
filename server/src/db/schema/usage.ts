/**
 * Platform API usage per app (issue 26 "Usage"): one row per app × UTC day × normalized route × HTTP
 * method × response code, its count added to by features/usage's batched flush (never a row per call).
 */
import { date, index, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appRef } from './apps.ts';

export const apiUsageDaily = pgTable(
  'api_usage_daily',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    developerAppId: appRef(),
    day: date('day').notNull(),
    route: text('route').notNull(),
    method: text('method').notNull(),
    status: smallint('status').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    uniqueIndex('api_usage_daily_key_idx').on(t.developerAppId, t.day, t.route, t.method, t.status),
    // The list's two orders (and the CSV's keyset batches), within one app.
    index('api_usage_daily_app_day_idx').on(t.developerAppId, t.day, t.id),
    index('api_usage_daily_app_count_idx').on(t.developerAppId, t.count, t.id),
  ],
);
