/** The daily roll-ups' shape: an app's counters per day (marketplace views, installs). */
import { date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { appRef } from './apps.ts';

/** A counter of a daily roll-up: from 0, added to as the rows it counts arrive. */
export const dailyCount = (name: string) => integer(name).notNull().default(0);

/** A daily roll-up's key: the app and the portal day (TIME_ZONE). */
const appDayColumns = () => ({ developerAppId: appRef(), day: date('day').notNull() });

/**
 * A daily roll-up of an app's counters: one row per app and day, kept in the transaction of the raw
 * rows it counts; the reports read it (db/app-rows.ts), never the raw rows.
 */
export const appDailyTable = <N extends string, C extends Record<string, ReturnType<typeof dailyCount>>>(
  name: N,
  counters: C,
) =>
  pgTable<N, ReturnType<typeof appDayColumns> & C>(name, { ...appDayColumns(), ...counters }, (t) => [
    primaryKey({ columns: [t.developerAppId, t.day] }),
  ]);
