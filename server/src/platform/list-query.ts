/** The SQL behind platform/list.ts: cursors, keyset bounds, and the two ways to read a page's keys. */
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { plannerFigure } from './count.ts';
import { fieldError } from './errors.ts';

/** Column types a sort key may have; cursors carry their values as text. */
export type KeyType = 'timestamptz' | 'uuid' | 'text' | 'integer';

export type SortKey = { sql: SQL | AnyColumn; type: KeyType };

/** One way a list can be ordered: its keys, most significant first; the last must be unique (an id). */
export type ListSort = {
  keys: SortKey[];
  /**
   * The first key's column (or an expression index's column): deep page numbers seek through its
   * planner statistics. `ties`: the tie-breaking key's column, for seeking inside a common value.
   */
  histogram?: { table: string; column: string; ties?: { table: string; column: string } };
};

export type ResolvedSort = ListSort & { name: string; descending: boolean };

export type ListSource = {
  /** FROM clause: a table, or a table with joins. */
  from: SQL;
  /** The table whose size the list follows (planner estimates). */
  table: string;
  /** Filters; undefined (and no search) means the whole table. */
  where?: SQL | undefined;
  /** A substring search (containsAny): its matches are read in one pass when they may be few. */
  search?: SQL | undefined;
  /** The row id the page step returns and `load` receives. */
  id: SQL | AnyColumn;
};

export type Window = {
  limit: number;
  offset: number;
  /** Read the index backwards (from the end), then flip the rows back. */
  reverse: boolean;
  /** Keyset bound: keys after (or, reversed, before) these values. */
  after?: { values: string[]; inclusive: boolean };
};

export type KeyRow = { id: string } & Record<string, string>;
export type KeyRead = { keys: KeyRow[]; more: boolean };

const KEY_FORMAT: Record<KeyType, RegExp> = {
  timestamptz: /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)?$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  text: /^[\s\S]{0,1000}$/,
  integer: /^-?\d{1,18}$/,
};

export const INVALID_CURSOR = 'This page link is no longer valid; start from the first page';

/** An opaque cursor: the order it belongs to, its direction and the row's key values as text. */
export function encodeCursor(sort: string, before: boolean, values: string[]): string {
  return Buffer.from(JSON.stringify([sort, before ? 1 : 0, ...values])).toString('base64url');
}

export function decodeCursor(cursor: string, sort: ResolvedSort): { before: boolean; values: string[] } {
  const invalid = () => fieldError('cursor', INVALID_CURSOR);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed[0] !== sort.name || (parsed[1] !== 0 && parsed[1] !== 1))
    throw invalid();
  const values = parsed.slice(2);
  const valid =
    values.length === sort.keys.length &&
    values.every((value, i) => typeof value === 'string' && KEY_FORMAT[sort.keys[i]!.type].test(value));
  if (!valid) throw invalid();
  return { before: parsed[1] === 1, values: values as string[] };
}

/** A cursor whose values PostgreSQL cannot read (a month 13) is a bad cursor, not a 500. */
export function isDataException(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
  return typeof code === 'string' && code.startsWith('22');
}

/** The SQL type a key's text is read as (an integer key may be a bigint column). */
const SQL_TYPE: Record<KeyType, string> = {
  timestamptz: 'timestamptz',
  uuid: 'uuid',
  text: 'text',
  integer: 'bigint',
};
const typed = (value: string, type: KeyType) => sql`${value}::${sql.raw(SQL_TYPE[type])}`;
const list = (parts: SQL[]) => sql.join(parts, sql`, `);

/** `(k1, k2) < (v1, v2)` in the direction being read; `exprs` are the keys as the query names them. */
function keysetBound(sort: ResolvedSort, window: Window, exprs: SQL[]): SQL | undefined {
  if (!window.after) return undefined;
  const { values, inclusive } = window.after;
  const forwardIsLess = sort.descending !== window.reverse;
  const op = sql.raw(`${forwardIsLess ? '<' : '>'}${inclusive ? '=' : ''}`);
  const right = values.map((value, i) => typed(value, sort.keys[i]!.type));
  return sql`(${list(exprs.slice(0, values.length))}) ${op} (${list(right)})`;
}

function orderBy(sort: ResolvedSort, window: Window, exprs: SQL[]) {
  const direction = sql.raw(sort.descending !== window.reverse ? 'desc' : 'asc');
  return list(exprs.map((expr) => sql`${expr} ${direction}`));
}

const keyExprs = (sort: ResolvedSort) => sort.keys.map((key) => sql`${key.sql}`);
const asText = (exprs: SQL[]) => list(exprs.map((expr, i) => sql`${expr}::text as ${sql.raw(`k${i}`)}`));

/** One row more than the page tells whether another page follows, without counting. */
function finish(rows: KeyRow[], window: Window): KeyRead {
  const keys = rows.slice(0, window.limit);
  return { keys: window.reverse ? keys.reverse() : keys, more: rows.length > window.limit };
}

/** The page's keys straight from the list's index, in list order. */
export async function readKeys(
  db: Tx,
  source: ListSource,
  sort: ResolvedSort,
  window: Window,
): Promise<KeyRead> {
  if (window.limit <= 0) return { keys: [], more: false };
  const exprs = keyExprs(sort);
  const conditions = [source.where, keysetBound(sort, window, exprs)].filter((part) => part !== undefined);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const columns = list(exprs.map((expr, i) => sql`${expr} as ${sql.raw(`t${i}`)}`));
  const named = sort.keys.map((_, i) => sql.raw(`p.t${i}`));
  // The casts to text happen outside the offset: rows skipped to reach a deep page are only
  // stepped over in the index, not converted (a third of the cost of a 12,000-row skip on PGlite).
  const result = (await db.execute(sql`
    select p.id::text as id, ${asText(named)} from (
      select ${source.id} as id, ${columns} from ${source.from} ${where}
      order by ${orderBy(sort, window, exprs)} limit ${window.limit + 1} offset ${window.offset}
    ) p order by ${orderBy(sort, window, named)}`)) as unknown as { rows: KeyRow[] };
  return finish(result.rows, window);
}

/**
 * For a list the planner expects to be small: every match (at most `cap` + 1 of them) is read
 * once, which answers both the exact total and the page. `count` > cap means it was not small.
 */
export async function readSmall(
  db: Tx,
  source: ListSource,
  sort: ResolvedSort,
  window: Window,
  cap: number,
): Promise<KeyRead & { count: number }> {
  const inner = keyExprs(sort);
  const filter = source.where ? sql`where ${source.where}` : sql``;
  const columns = list(inner.map((expr, i) => sql`${expr} as ${sql.raw(`t${i}`)}`));
  const named = sort.keys.map((_, i) => sql.raw(`t${i}`));
  const bound = keysetBound(sort, window, named);
  const result = (await db.execute(sql`
    with m as (select ${source.id}::text as id, ${columns} from ${source.from} ${filter} limit ${cap + 1})
    select c.n, p.* from (select count(*)::int as n from m) c
    left join lateral (
      select id, ${asText(named)} from m ${bound ? sql`where ${bound}` : sql``}
      order by ${orderBy(sort, window, named)} limit ${Math.max(0, window.limit + 1)} offset ${window.offset}
    ) p on true`)) as unknown as { rows: Array<KeyRow & { n: number }> };
  const rows = result.rows.filter((row) => row.id !== null);
  return { ...finish(rows, window), count: Number(result.rows[0]?.n ?? 0) };
}

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
