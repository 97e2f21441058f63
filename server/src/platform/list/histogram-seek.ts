/**
 * The histogram seek: where a deep page of a list starts, from the planner's statistics of the
 * first sort key, so that page 40,000 of a million rows skips at most one histogram bucket instead
 * of every row before it. Alone in this file so it can be judged (and dropped) on its own.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { plannerFigure } from './count.ts';
import { type KeyType, type ResolvedSort, SQL_TYPE } from './keyset.ts';

/** Where a deep page starts: key values to seek to (inclusive), then rows to skip. */
export type Seek = { values: string[]; skip: number };

const statsOf = (table: string, column: string) =>
  sql`from pg_stats where schemaname = current_schema() and tablename = ${table} and attname = ${column}`;

/** Timestamp histogram bounds as epoch seconds. */
function timestampBounds(db: Tx, table: string, column: string): Promise<number[] | undefined> {
  return plannerFigure(db, `timestamps\u0000${table}\u0000${column}`, async () => {
    const result = (await db.execute(sql`
      select array_to_json(array(
        select extract(epoch from v)::float8 from unnest(histogram_bounds::text::timestamptz[]) with ordinality u(v, i) order by i
      ))::text as b ${statsOf(table, column)}`)) as unknown as { rows: Array<{ b: string | null }> };
    const json = result.rows[0]?.b;
    return json ? (JSON.parse(json) as number[]) : undefined;
  });
}

/**
 * A key's distribution as the planner keeps it: its most common values with their shares and the
 * histogram bounds of the rest (equal shares), merged in the key's own order (`[value, share]`, the
 * share null for a bound); `bucket` is the share of rows between two neighbouring bounds.
 */
type Distribution = { points: Array<[string, number | null]>; bucket: number };

function distribution(
  db: Tx,
  table: string,
  column: string,
  type: KeyType,
): Promise<Distribution | undefined> {
  return plannerFigure(db, `distribution\u0000${table}\u0000${column}`, async () => {
    const result = (await db.execute(sql`
      select json_build_object(
        'points', (select json_agg(json_build_array(v, f) order by v::${sql.raw(SQL_TYPE[type])}) from (
          select v, f from unnest(most_common_vals::text::text[], most_common_freqs) m(v, f)
          union all select v, null from unnest(histogram_bounds::text::text[]) h(v)) p),
        'bucket', (1 - null_frac - coalesce((select sum(f) from unnest(most_common_freqs) f), 0))
                  / greatest(coalesce(array_length(histogram_bounds::text::text[], 1), 0) - 1, 1)
      )::text as d ${statsOf(table, column)}`)) as unknown as { rows: Array<{ d: string | null }> };
    const json = result.rows[0]?.d;
    const parsed = json
      ? (JSON.parse(json) as { points: Distribution['points'] | null; bucket: number })
      : undefined;
    return parsed?.points?.length ? { points: parsed.points, bucket: parsed.bucket } : undefined;
  });
}

/** The value at share q (0…1) of a key with a histogram (the tie-breaking key), if known. */
async function quantile(db: Tx, table: string, column: string, type: KeyType, q: number) {
  const found = await distribution(db, table, column, type);
  const bounds = found?.points.filter(([, share]) => share === null).map(([value]) => value);
  return bounds?.length
    ? bounds[Math.min(bounds.length - 1, Math.round(q * (bounds.length - 1)))]
    : undefined;
}

/**
 * Where a position (0 = first row in list order, 1 = last) lies, from the planner's statistics of
 * the first sort key. Timestamps are interpolated inside their histogram bucket (nothing to skip),
 * so neighbouring page numbers differ. Other keys walk the distribution: a position inside a
 * histogram bucket starts at the bucket's bound (the upper one, read downwards, for a descending
 * list) and skips the estimated share of the bucket; a position inside a most common value's rows
 * seeks to that value and the tie-breaking key's quantile (`histogram.ties`), or skips into them.
 */
export async function seekKey(
  db: Tx,
  sort: ResolvedSort,
  position: number,
  total: number,
): Promise<Seek | undefined> {
  if (!sort.histogram) return undefined;
  const { table, column, ties } = sort.histogram;
  const type = sort.keys[0]!.type;
  // The position in ascending order; a descending list reads down from there.
  const at = sort.descending ? 1 - position : position;
  if (type === 'timestamptz') {
    const bounds = await timestampBounds(db, table, column);
    if (!bounds || bounds.length < 2) return undefined;
    const buckets = bounds.length - 1;
    const x = at * buckets;
    const bucket = Math.min(buckets - 1, Math.floor(x));
    const seconds = bounds[bucket]! + (bounds[bucket + 1]! - bounds[bucket]!) * (x - bucket);
    return { values: [new Date(seconds * 1000).toISOString()], skip: 0 };
  }
  const found = await distribution(db, table, column, type);
  if (!found) return undefined;
  const rows = (share: number) => Math.round(share * total);
  let below = 0;
  let lower: string | undefined;
  for (const [value, share] of found.points) {
    if (share !== null) {
      if (at < below + share) {
        const q = (at - below) / share;
        const tie = ties ? await quantile(db, ties.table, ties.column, sort.keys[1]!.type, q) : undefined;
        if (tie !== undefined) return { values: [value, tie], skip: 0 };
        return { values: [value], skip: rows(sort.descending ? share - (at - below) : at - below) };
      }
      below += share;
      continue;
    }
    if (lower !== undefined) {
      if (at < below + found.bucket)
        return sort.descending
          ? { values: [value], skip: rows(below + found.bucket - at) }
          : { values: [lower], skip: rows(at - below) };
      below += found.bucket;
    }
    lower = value;
  }
  // Past the last bound (the estimate's rounding): the end of the list.
  const last = found.points.at(-1)![0];
  return { values: [last], skip: 0 };
}
