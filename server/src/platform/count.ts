import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';

/** Exact counts up to this many rows; beyond it an estimate is close enough for paging. */
export const EXACT_COUNT_LIMIT = 10_000;

let countLimit = EXACT_COUNT_LIMIT;

/** The cap lists use now. */
export const exactCountLimit = () => countLimit;

/** For tests: lower the cap instead of inserting 10,000 rows. Returns the undo. */
export function setExactCountLimit(limit: number): () => void {
  const previous = countLimit;
  countLimit = limit;
  return () => {
    countLimit = previous;
  };
}

type Rows = { rows: Array<Record<string, unknown>> };

async function scalar(db: Tx, query: SQL): Promise<number | undefined> {
  const result = (await db.execute(query)) as unknown as Rows;
  const value = result.rows[0]?.n;
  return value === undefined || value === null ? undefined : Number(value);
}

/** Counts matching rows, but stops at `limit + 1`: the answer is exact only when ≤ limit. */
export async function countUpTo(db: Tx, from: SQL, where: SQL | undefined, limit: number): Promise<number> {
  const filter = where ? sql`where ${where}` : sql``;
  return (
    (await scalar(
      db,
      sql`select count(*)::int as n from (select 1 from ${from} ${filter} limit ${limit + 1}) t`,
    )) ?? 0
  );
}

/** The planner's row count for a whole table (pg_class.reltuples; unknown before the first ANALYZE). */
export async function estimateTableRows(db: Tx, tableName: string): Promise<number | undefined> {
  const estimate = await scalar(
    db,
    sql`select reltuples::bigint as n from pg_class where oid = to_regclass(${tableName})`,
  );
  return estimate !== undefined && estimate >= 0 ? estimate : undefined;
}

/** The planner's row estimate for a filtered query (EXPLAIN, no execution). */
export async function estimateQueryRows(db: Tx, from: SQL, where: SQL): Promise<number> {
  const result = (await db.execute(
    sql`explain (format json) select 1 from ${from} where ${where}`,
  )) as unknown as Rows;
  const raw = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}

export type Total = { total: number; exact: boolean };

/**
 * A list's Total without scanning a million rows. Exact up to `limit` matching rows. Beyond it an
 * unfiltered list answers with the table's row estimate (and skips the count when the estimate
 * alone is clearly past the limit), a filtered one with the planner's estimate for its filter.
 */
export async function listTotal(
  db: Tx,
  source: { from: SQL; table: string; where?: SQL | undefined },
  limit = countLimit,
): Promise<Total> {
  if (!source.where) {
    const estimate = await estimateTableRows(db, source.table);
    if (estimate !== undefined && estimate > 2 * limit) return { total: estimate, exact: false };
    const counted = await countUpTo(db, source.from, undefined, limit);
    if (counted <= limit) return { total: counted, exact: true };
    return { total: Math.max(counted, estimate ?? 0), exact: false };
  }
  const counted = await countUpTo(db, source.from, source.where, limit);
  if (counted <= limit) return { total: counted, exact: true };
  return { total: Math.max(counted, await estimateQueryRows(db, source.from, source.where)), exact: false };
}
