import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

/** Exact counts up to this many rows; beyond it the planner's estimate is close enough for paging. */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * A list's Total without scanning a million rows: counts exactly (capped) and, when the cap is hit
 * on an unfiltered table, answers with the planner's row estimate instead.
 */
type CountResult = { rows: Array<{ n: number | string }> };

async function scalar(db: Db, query: SQL): Promise<number | undefined> {
  const result = (await db.execute(query)) as unknown as CountResult;
  const value = result.rows[0]?.n;
  return value === undefined ? undefined : Number(value);
}

export async function countRows(db: Db, table: PgTable, tableName: string, where?: SQL): Promise<number> {
  const exact =
    (await scalar(
      db,
      sql`select count(*)::int as n from (select 1 from ${table} ${where ? sql`where ${where}` : sql``} limit ${EXACT_COUNT_LIMIT + 1}) t`,
    )) ?? 0;
  if (exact <= EXACT_COUNT_LIMIT) return exact;
  if (where) {
    return (await scalar(db, sql`select count(*)::int as n from ${table} where ${where}`)) ?? exact;
  }
  const estimate = await scalar(
    db,
    sql`select greatest(reltuples, 0)::bigint as n from pg_class where oid = to_regclass(${tableName})`,
  );
  return Math.max(exact, estimate ?? exact);
}
