import { asc, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client.ts';

/** A table whose rows belong to one developer app, read through an index led by the app's id. */
type AppRows = PgTable & { developerAppId: PgColumn };

/** Whether the table holds any row of the app: one probe of its index. */
export async function anyRowOfApp(db: Tx, table: AppRows, appId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(table)
    .where(eq(table.developerAppId, appId))
    .limit(1);
  return rows.length > 0;
}

/** The app's first day in a daily roll-up (a `day` date column), or null. */
export async function firstDayOfApp(
  db: Tx,
  table: AppRows & { day: PgColumn },
  appId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ day: table.day })
    .from(table)
    .where(eq(table.developerAppId, appId))
    .orderBy(asc(table.day))
    .limit(1);
  return (row?.day as string | undefined) ?? null;
}
