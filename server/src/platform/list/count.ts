import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { dialect, runCompiled } from '../../db/prepared.ts';
import type { ListSource } from './keyset.ts';
import { paramsKey, runListStatement, type StatementSource } from './statements.ts';

/**
 * Exact counts up to this many rows; beyond it the planner's estimate is close enough for paging.
 * The cap a list uses is `ctx.limits.exactCount` (tests lower it instead of inserting 10,000 rows).
 */
export const EXACT_COUNT_LIMIT = 10_000;

type Rows = { rows: Array<Record<string, unknown>> };

/** Counts matching rows, but stops at `limit + 1`: the answer is exact only when ≤ limit. */
export async function countUpTo(
  db: Tx,
  source: StatementSource & { from: SQL; where?: SQL | undefined },
  limit: number,
): Promise<number> {
  const filter = source.where ? sql`where ${source.where}` : sql``;
  // The cap in the text, not a value: a kept plan cannot see a value's limit (keyset.ts, `inlined`).
  const cap = Math.trunc(limit) + 1;
  const result = await runListStatement<{ n: number }>(
    db,
    source,
    `count ${cap}`,
    () =>
      sql`select count(*)::int as n from (select 1 from ${source.from} ${filter} limit ${sql.raw(String(cap))}) t`,
    {},
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** A kept total (ListOptions.total): its select, run with the source's shape values. */
export async function readTotal(db: Tx, source: StatementSource, total: SQL): Promise<number> {
  const result = await runListStatement<{ n: number }>(
    db,
    source,
    'total',
    () => sql`select (${total})::int as n`,
    {},
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** The planner's row count for a whole table (pg_class.reltuples; unknown before the first ANALYZE). */
export async function estimateTableRows(db: Tx, tableName: string): Promise<number | undefined> {
  const result = (await db.execute(
    sql`select reltuples::bigint as n from pg_class where oid = to_regclass(${tableName})`,
  )) as unknown as Rows;
  const value = result.rows[0]?.n;
  const estimate = value === undefined || value === null ? undefined : Number(value);
  return estimate !== undefined && estimate >= 0 ? estimate : undefined;
}

/** The planner's row estimate for a filtered query (EXPLAIN, no execution). */
export async function estimateQueryRows(
  db: Tx,
  from: SQL,
  where: SQL,
  values: Record<string, unknown> = {},
): Promise<number> {
  const query = dialect.sqlToQuery(sql`explain (format json) select 1 from ${from} where ${where}`);
  const result = (await runCompiled(db, query, undefined, values)) as Rows;
  const raw = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}

/** How long a planner figure (a list's estimate, a sort key's histogram) is reused, and how many are kept per database. */
export const ESTIMATE_TTL_MS = 5_000;
const FIGURES_KEPT = 1_000;

type Figure = { at: number; value: Promise<unknown> };
const figures = new WeakMap<Tx, Map<string, Figure>>();

/**
 * A figure read from the planner's statistics, reused for ESTIMATE_TTL_MS per database and key.
 * The planner's figures only move on ANALYZE, and lists use them to place a page, never as an
 * answer. Concurrent misses share one read; a failed read is not kept.
 */
export function plannerFigure<T>(
  db: Tx,
  key: string,
  read: () => Promise<T>,
  now = performance.now(),
): Promise<T> {
  const cache = figures.get(db) ?? new Map<string, Figure>();
  figures.set(db, cache);
  const hit = cache.get(key);
  if (hit && now - hit.at < ESTIMATE_TTL_MS) return hit.value as Promise<T>;
  const value = read().catch((error: unknown) => {
    cache.delete(key);
    throw error;
  });
  cache.delete(key);
  cache.set(key, { at: now, value });
  // Oldest first (insertion order): drop the oldest beyond the bound.
  if (cache.size > FIGURES_KEPT) cache.delete(cache.keys().next().value!);
  return value;
}

/**
 * What the planner expects a list to hold: the table's estimate, or its filter's.
 *
 * Planning the EXPLAIN costs about as much as reading a small page (on PGlite it was a third of a
 * list request's database time), and the answer only picks how to count, so each list's estimate
 * (by its SQL and parameters) is a planner figure: a user paging or polling a list plans it once.
 * A stale estimate cannot make a total wrong — small totals are still counted exactly.
 */
export function estimateListRows(
  db: Tx,
  source: Pick<ListSource, 'from' | 'table' | 'where' | 'shape' | 'keptPlan'>,
  now = performance.now(),
): Promise<number | undefined> {
  const { shape } = source;
  // A shaped list's filter is the same SQL every time (but with a search, whose plan is not kept):
  // its name tells it apart; a placeholder's value is in the shape's values, not the query's params.
  const statement =
    shape && source.keptPlan
      ? shape.name
      : textKey(dialect.sqlToQuery(sql`${source.table} ${source.from} ${source.where ?? sql``}`));
  return plannerFigure(
    db,
    `estimate\u0000${statement}\u0000${JSON.stringify(shape?.values ?? {})}`,
    () =>
      source.where
        ? estimateQueryRows(db, source.from, source.where, shape?.values)
        : estimateTableRows(db, source.table),
    now,
  );
}

const textKey = (query: { sql: string; params: unknown[] }) => `${query.sql}\u0000${paramsKey(query.params)}`;

/** For tests that change a table's size and ANALYZE it: read every planner figure afresh. */
export function forgetEstimates(db: Tx): void {
  figures.delete(db);
}
