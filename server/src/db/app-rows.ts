import { and, asc, between, eq, type GetColumnData, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client.ts';

/** A table whose rows belong to one developer app, read through an index led by the app's id. */
type AppRows = PgTable & { developerAppId: PgColumn };

/** Whether any of the tables has a row of the app: one statement, each looked for in turn. */
export async function anyRowOfAppIn(db: Tx, tables: AppRows[], appId: string): Promise<boolean> {
  const found = tables.map(
    (table) => sql`exists (select 1 from ${table} where ${table.developerAppId} = ${appId})`,
  );
  const result = (await db.execute(sql`select ${sql.join(found, sql` or `)} as found`)) as unknown as {
    rows: Array<{ found: boolean }>;
  };
  return result.rows[0]?.found === true;
}

/** A daily roll-up: an app's counters per day (a `day` date column), its key led by the app's id. */
type DailyRows = AppRows & { day: PgColumn };

/** The app's first day in a daily roll-up, or null. */
export async function firstDayOfApp(db: Tx, table: DailyRows, appId: string): Promise<string | null> {
  const [row] = await db
    .select({ day: table.day })
    .from(table)
    .where(eq(table.developerAppId, appId))
    .orderBy(asc(table.day))
    .limit(1);
  return (row?.day as string | undefined) ?? null;
}

/** An app's days from one day to another (inclusive): a range of a roll-up's key. */
type DayRange = { appId: string; from: string; to: string };
const daysBetween = (table: DailyRows, { appId, from, to }: DayRange) =>
  and(eq(table.developerAppId, appId), between(table.day, from, to));
type Row<F extends Record<string, PgColumn>> = { [K in keyof F]: GetColumnData<F[K]> };

/** The `fields` of the app's days in a daily roll-up from one day to another (inclusive), oldest first. */
export async function daysOfApp<F extends Record<string, PgColumn>>(
  db: Tx,
  table: DailyRows,
  fields: F,
  range: DayRange,
): Promise<Array<Row<F>>> {
  const rows = await db.select(fields).from(table).where(daysBetween(table, range)).orderBy(table.day);
  return rows as Array<Row<F>>;
}

/** The sums of `counters` over the same days: one row, summed by the database (0 without a day). */
export async function totalsOfApp<K extends string>(
  db: Tx,
  table: DailyRows,
  counters: Record<K, PgColumn>,
  range: DayRange,
): Promise<Record<K, number>> {
  const entries: Array<[string, PgColumn]> = Object.entries(counters);
  const [row] = await db
    .select(
      Object.fromEntries(
        entries.map(([key, column]) => [key, sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number)]),
      ),
    )
    .from(table)
    .where(daysBetween(table, range));
  return (row ?? Object.fromEntries(entries.map(([key]) => [key, 0]))) as Record<K, number>;
}
