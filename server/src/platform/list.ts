/**
 * The one list pattern: bounded pages in an index's order, cheap totals, substring search.
 *
 * - A page is read in two steps: the page's ids (and sort keys) from an index, then the rows for
 *   those ids. The first step touches only index entries; the second only the page.
 * - `page=N` is exact within EXACT_COUNT_LIMIT rows of either end (offset from the nearer end,
 *   so the last page is as cheap as the first). Farther in, only possible when the total is itself
 *   an estimate, a timestamp-ordered list seeks to the estimated position through the column's
 *   planner histogram, so any page number costs about one page.
 * - Every answer carries cursors (the first and last row's keys); the Link header's next/prev URLs
 *   carry them, and following one is a keyset read: the same cost at page 2 and page 40,000.
 */
import { type AnyColumn, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { exactCountLimit, listTotal } from './count.ts';
import { fieldError } from './errors.ts';

/** Column types a sort key may have; cursors carry their values as text. */
export type KeyType = 'timestamptz' | 'uuid' | 'text' | 'integer';

const KEY_FORMAT: Record<KeyType, RegExp> = {
  timestamptz: /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)?$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  text: /^[\s\S]{0,1000}$/,
  integer: /^-?\d{1,18}$/,
};

export type SortKey = { sql: SQL | AnyColumn; type: KeyType };

/** One way a list can be ordered: its keys, most significant first; the last must be unique (an id). */
export type ListSort = {
  keys: SortKey[];
  /** Set when the first key is a timestamp column: deep page numbers seek through its histogram. */
  histogram?: { table: string; column: string };
};

export type ListSource = {
  /** FROM clause: a table, or a table with joins. */
  from: SQL;
  /** The table whose size the list follows (planner estimates). */
  table: string;
  /** Filters and search; undefined means the whole table. */
  where?: SQL | undefined;
  /** The row id the page step returns and `load` receives. */
  id: SQL | AnyColumn;
};

export type ListRequest = { page: number; per_page: number; cursor?: string | undefined; sort?: string };

export type ListPage<Row> = {
  rows: Row[];
  page: number;
  per_page: number;
  total: number;
  /** False once Total is an estimate (more than EXACT_COUNT_LIMIT rows). */
  exact: boolean;
  /** Whether a next / previous page exists (read from the index, not from the total). */
  hasNext: boolean;
  hasPrev: boolean;
  /** Cursors for the neighbouring pages (absent on an empty page). */
  next?: string;
  prev?: string;
};

export type ListOptions = {
  /** The exact-count cap; tests lower it instead of inserting 10,000 rows. */
  countLimit?: number;
};

type Window = {
  limit: number;
  offset: number;
  /** Read the index backwards (from the end), then flip the rows back. */
  reverse: boolean;
  /** Keyset bound: keys after (or, reversed, before) these values. */
  after?: { values: string[]; inclusive: boolean };
};

/** `-created_at` → the list's `created_at` sort, descending. Unknown names never get here (zod enum). */
export function resolveSort(sorts: Record<string, ListSort>, sort: string) {
  const descending = sort.startsWith('-');
  const spec = sorts[descending ? sort.slice(1) : sort];
  if (!spec) throw fieldError('sort', `Cannot sort by ${sort}`);
  return { ...spec, name: sort, descending };
}

type ResolvedSort = ReturnType<typeof resolveSort>;

function encodeCursor(sort: string, before: boolean, values: string[]): string {
  return Buffer.from(JSON.stringify([sort, before ? 1 : 0, ...values])).toString('base64url');
}

const INVALID_CURSOR = 'This page link is no longer valid; start from the first page';

function decodeCursor(cursor: string, sort: ResolvedSort): { before: boolean; values: string[] } {
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
  if (
    values.length !== sort.keys.length ||
    !values.every((value, i) => typeof value === 'string' && KEY_FORMAT[sort.keys[i]!.type].test(value))
  ) {
    throw invalid();
  }
  return { before: parsed[1] === 1, values: values as string[] };
}

const typed = (value: string, type: KeyType) => sql`${value}::${sql.raw(type)}`;

/** `(k1, k2) < (v1, v2)` in the direction being read. */
function keysetBound(sort: ResolvedSort, window: Window): SQL | undefined {
  if (!window.after) return undefined;
  const { values, inclusive } = window.after;
  const keys = sort.keys.slice(0, values.length);
  const forwardIsLess = sort.descending !== window.reverse;
  const op = `${forwardIsLess ? '<' : '>'}${inclusive ? '=' : ''}`;
  const left = sql.join(
    keys.map((key) => sql`${key.sql}`),
    sql`, `,
  );
  const right = sql.join(
    keys.map((key, i) => typed(values[i]!, key.type)),
    sql`, `,
  );
  return sql`(${left}) ${sql.raw(op)} (${right})`;
}

type KeyRow = { id: string } & Record<string, string>;

/** The page's keys in list order, and whether more rows lie beyond it in the direction read. */
async function readKeys(
  db: Tx,
  source: ListSource,
  sort: ResolvedSort,
  window: Window,
): Promise<{ keys: KeyRow[]; more: boolean }> {
  if (window.limit <= 0) return { keys: [], more: false };
  const bound = keysetBound(sort, window);
  const conditions = [source.where, bound].filter((part): part is SQL => part !== undefined);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const direction = sql.raw(sort.descending !== window.reverse ? 'desc' : 'asc');
  const keyColumns = sql.join(
    sort.keys.map((key, i) => sql`${key.sql}::text as ${sql.raw(`k${i}`)}`),
    sql`, `,
  );
  const order = sql.join(
    sort.keys.map((key) => sql`${key.sql} ${direction}`),
    sql`, `,
  );
  // One row more than the page tells whether another page follows, without counting.
  const result = (await db.execute(
    sql`select ${source.id}::text as id, ${keyColumns} from ${source.from} ${where} order by ${order} limit ${window.limit + 1} offset ${window.offset}`,
  )) as unknown as { rows: KeyRow[] };
  const keys = result.rows.slice(0, window.limit);
  return { keys: window.reverse ? keys.reverse() : keys, more: result.rows.length > window.limit };
}

/** The key at an estimated position (0 = first row in list order), from the planner's histogram. */
async function seekKey(db: Tx, sort: ResolvedSort, position: number): Promise<string | undefined> {
  if (!sort.histogram) return undefined;
  const ascending = sort.descending ? 1 - position : position;
  const result = (await db.execute(sql`
    with s as (
      select histogram_bounds::text::timestamptz[] as b from pg_stats
      where schemaname = current_schema() and tablename = ${sort.histogram.table} and attname = ${sort.histogram.column}
    ), p as (select b, array_length(b, 1) - 1 as buckets, ${ascending}::float8 * (array_length(b, 1) - 1) as x from s)
    select (b[1 + floor(x)::int] + (b[least(2 + floor(x)::int, buckets + 1)] - b[1 + floor(x)::int]) * (x - floor(x)))::text as k
    from p where buckets > 0`)) as unknown as { rows: Array<{ k: string | null }> };
  return result.rows[0]?.k ?? undefined;
}

/** Where page N starts, given the (possibly estimated) total. */
async function pageWindow(
  db: Tx,
  sort: ResolvedSort,
  request: ListRequest,
  total: { total: number; exact: boolean },
  limit: number,
): Promise<Window> {
  const n = request.per_page;
  const offset = (request.page - 1) * n;
  if (offset <= limit) return { limit: n, offset, reverse: false };
  if (total.exact && offset >= total.total) return { limit: 0, offset: 0, reverse: false };
  // Rows after this page, counted from the end.
  const fromEnd = total.total - offset - n;
  if (fromEnd <= limit)
    return { limit: n + Math.min(0, fromEnd), offset: Math.max(0, fromEnd), reverse: true };
  const key = await seekKey(db, sort, offset / total.total);
  if (key) return { limit: n, offset: 0, reverse: false, after: { values: [key], inclusive: true } };
  return offset <= fromEnd
    ? { limit: n, offset, reverse: false }
    : { limit: n, offset: fromEnd, reverse: true };
}

function isDataException(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
  return typeof code === 'string' && code.startsWith('22');
}

/**
 * One page of a list. `load` reads the rows for the page's ids (in any order, with any joins);
 * `idOf` names a loaded row's id. Returns the rows in list order with the total and cursors.
 */
export async function listPage<Row>(
  db: Tx,
  source: ListSource,
  sort: ResolvedSort,
  request: ListRequest,
  load: (ids: string[]) => Promise<Row[]>,
  idOf: (row: Row) => string,
  options: ListOptions = {},
): Promise<ListPage<Row>> {
  const limit = options.countLimit ?? exactCountLimit();
  const totalPromise = listTotal(db, source, limit);
  let window: Window;
  let read: { keys: KeyRow[]; more: boolean };
  if (request.cursor) {
    const cursor = decodeCursor(request.cursor, sort);
    window = {
      limit: request.per_page,
      offset: 0,
      reverse: cursor.before,
      after: { values: cursor.values, inclusive: false },
    };
    read = await readKeys(db, source, sort, window).catch((error: unknown) => {
      if (isDataException(error)) throw fieldError('cursor', INVALID_CURSOR);
      throw error;
    });
  } else {
    window = await pageWindow(db, sort, request, await totalPromise, limit);
    read = await readKeys(db, source, sort, window);
  }
  const total = await totalPromise;
  const { keys } = read;
  const loaded = keys.length ? await load(keys.map((key) => key.id)) : [];
  const byId = new Map(loaded.map((row) => [idOf(row), row]));
  const rows = keys.map((key) => byId.get(key.id)).filter((row): row is Row => row !== undefined);

  // Read forwards, `more` means a next page; read backwards, a previous one. The other side is
  // known from how the page was reached (a cursor row, or rows skipped by the offset).
  const hasNext = window.reverse ? window.offset > 0 || window.after !== undefined : read.more;
  const hasPrev = window.reverse ? read.more : window.offset > 0 || window.after !== undefined;
  const valuesOf = (key: KeyRow) => sort.keys.map((_, i) => key[`k${i}`]!);
  const first = keys[0];
  const last = keys.at(-1);
  return {
    rows,
    page: request.page,
    per_page: request.per_page,
    total: total.total,
    exact: total.exact,
    hasNext,
    // An empty page past the end still links back.
    hasPrev: hasPrev || (keys.length === 0 && request.page > 1),
    ...(hasNext && last ? { next: encodeCursor(sort.name, false, valuesOf(last)) } : {}),
    ...(request.page > 1 && first ? { prev: encodeCursor(sort.name, true, valuesOf(first)) } : {}),
  };
}

/** `%term%` for ILIKE, with the pattern characters in the term matched literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Rows where any of the columns contains the term (case-insensitive; pg_trgm GIN indexes serve it). */
export function containsAny(term: string | undefined, columns: AnyColumn[]): SQL | undefined {
  if (!term) return undefined;
  const pattern = containsPattern(term);
  return or(...columns.map((column) => ilike(column, pattern)));
}
