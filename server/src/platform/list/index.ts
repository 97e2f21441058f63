/**
 * The one list pattern: bounded pages in an index's order, cheap totals, substring search.
 *
 * - A list whose caller keeps its total (`total`) reads page 1 first: a short one is the whole
 *   list, so its length is the exact total and the kept one is not read.
 * - Totals: the planner's estimate first (the table's for an unfiltered list, EXPLAIN for a
 *   filtered one). Expected tiny: all matches are read once (one trigram scan for a search),
 *   giving the exact total and the page together. Expected up to EXACT_COUNT_LIMIT: counted
 *   through the index, stopping past the cap. Expected larger: Total is that estimate and nothing
 *   is counted. A request never reads more than the cap's worth of rows to count.
 * - Pages: the page's ids (and sort keys) from an index, then the rows for those ids (`load`):
 *   in the same statement when `load` is a select of one row (page-rows.ts), else after it.
 *   `page=N` is exact within the cap of either end (offset from the nearer end, so the last page
 *   is as cheap as the first). Farther in, where the total is an estimate anyway, the list seeks
 *   to the estimated position through the planner's histogram of its first sort key.
 * - Cursors: every answer carries its first and last row's keys; the Link header's next/prev URLs
 *   carry them, and following one is a keyset read: the same cost at page 2 and page 40,000.
 */
import { type AnyColumn, and, ilike, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Limits } from '../context.ts';
import { fieldError } from '../errors.ts';
import { countUpTo, estimateListRows, readTotal } from './count.ts';
import { seekKey } from './histogram-seek.ts';
import {
  decodeCursor,
  encodeCursor,
  INVALID_CURSOR,
  isDataException,
  type KeyRead,
  type KeyRow,
  type ListSort,
  type ListSource,
  type ResolvedSort,
  readKeys,
  readSmall,
  type Window,
} from './keyset.ts';
import type { PageRows } from './page-rows.ts';
import type { ListedRows } from './statements.ts';

export { endingInId, type KeyType, type ListSort, type ListSource, type SortKey } from './keyset.ts';
export { type PageRow, type PageRows, pageRows, rowQuery } from './page-rows.ts';

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

/** What a list reads with: the database and the exact-count cap (`ctx.limits.exactCount`). */
export type ListContext = { db: Tx; limits: Pick<Limits, 'exactCount'> };

export type ListOptions = {
  /**
   * The list's exact size when the caller keeps it (a maintained counter), as a select of that one
   * number whose placeholders the source's shape fills: then nothing is estimated or counted, and
   * page 1 reads it in the statement that reads its keys. Not used for a search, whose matches
   * only a read can count.
   */
  total?: SQL | undefined;
};

/** The sort names a list's query takes: `created_at` for `created_at` and `-created_at`. */
export type SortName<Query extends { sort: string }> = Exclude<Query['sort'], `-${string}`>;

/** One sort per name the list's query schema allows: a missing or an extra one fails tsc. */
export type ListSorts<Query extends { sort: string }> = Record<SortName<Query>, ListSort>;

/**
 * `-created_at` → the list's `created_at` sort, descending. The names are the sorts' keys, so a
 * query sort without one fails tsc; unknown names never get here (the list params guard).
 */
export function resolveSort<S extends string>(
  sorts: Record<S, ListSort>,
  sort: NoInfer<S> | `-${NoInfer<S>}`,
): ResolvedSort {
  const descending = sort.startsWith('-');
  const spec = sorts[(descending ? sort.slice(1) : sort) as S];
  if (!spec) throw fieldError('sort', `Cannot sort by ${sort}`);
  return { ...spec, name: sort, descending };
}

type Total = { total: number; exact: boolean };

/** Where page N starts in a list too large to count. */
async function pageWindow(db: Tx, sort: ResolvedSort, request: ListRequest, total: number, cap: number) {
  const n = request.per_page;
  const offset = (request.page - 1) * n;
  if (offset <= cap) return { limit: n, offset, reverse: false };
  // Rows after this page, counted from the end.
  const fromEnd = total - offset - n;
  if (fromEnd <= cap) return { limit: n + Math.min(0, fromEnd), offset: Math.max(0, fromEnd), reverse: true };
  const seek = await seekKey(db, sort, offset / total, total);
  if (seek)
    return { limit: n, offset: seek.skip, reverse: false, after: { values: seek.values, inclusive: true } };
  return offset <= fromEnd
    ? { limit: n, offset, reverse: false }
    : { limit: n, offset: fromEnd, reverse: true };
}

/** The window a cursor asks for (keys after, or before, the cursor row); none without a cursor. */
function requestedWindow(sort: ResolvedSort, request: ListRequest): Window | undefined {
  if (!request.cursor) return undefined;
  const cursor = decodeCursor(request.cursor, sort);
  return {
    limit: request.per_page,
    offset: 0,
    reverse: cursor.before,
    after: { values: cursor.values, inclusive: false },
  };
}

/** Page N of a list whose exact total is known: from the nearer end. */
function countedWindow(request: ListRequest, total: number): Window {
  const n = request.per_page;
  const offset = (request.page - 1) * n;
  const fromEnd = total - offset - n;
  if (offset >= total || fromEnd >= offset) return { limit: offset >= total ? 0 : n, offset, reverse: false };
  return { limit: n + Math.min(0, fromEnd), offset: Math.max(0, fromEnd), reverse: true };
}

async function readPage<Row>(
  db: Tx,
  listed: ListSource,
  sort: ResolvedSort,
  request: ListRequest,
  cap: number,
  rows: ListedRows<Row> | undefined,
  known?: SQL,
): Promise<{ read: KeyRead<Row>; window: Window; total: Total }> {
  // A search pattern's plan depends on the pattern: planned each time.
  const source = {
    ...listed,
    where: and(listed.where, listed.search),
    keptPlan: listed.keptPlan && !listed.search,
  };
  const cursorWindow = requestedWindow(sort, request);
  if (known && !listed.search) {
    // Page 1 is read the same way whatever the total, so it is read first: a short one is the
    // whole list, and its length the exact total; only a full one asks for the kept total.
    if (!cursorWindow && request.page === 1) {
      const window = { limit: request.per_page, offset: 0, reverse: false };
      const read = await readKeys(db, source, sort, window, rows, known);
      const total = read.more ? Number(read.keys[0]?.n) : read.keys.length;
      return { read, window, total: { total, exact: true } };
    }
    const count = await readTotal(db, source, known);
    const window =
      cursorWindow ??
      (count <= cap ? countedWindow(request, count) : await pageWindow(db, sort, request, count, cap));
    return {
      read: await readKeys(db, source, sort, window, rows),
      window,
      total: { total: count, exact: true },
    };
  }
  const planned = listed.estimateWhere ?? listed.where;
  const estimate = await estimateListRows(db, {
    ...source,
    where: and(planned, listed.search),
    // A shaped list's steady estimate filter holds no values (ListSource.estimateWhere).
    ...(source.shape && listed.estimateWhere
      ? { shape: { name: `${source.shape.name} steady`, values: {} } }
      : {}),
  });
  if (estimate === undefined || estimate <= cap / 10 || (listed.search && estimate <= cap)) {
    // Expected tiny, or a search that may be: one read of every match (one trigram scan) answers
    // the total and the page.
    const window = cursorWindow ?? {
      limit: request.per_page,
      offset: (request.page - 1) * request.per_page,
      reverse: false,
    };
    const small = await readSmall(db, source, sort, window, cap, rows);
    if (small.count <= cap) return { read: small, window, total: { total: small.count, exact: true } };
  } else if (estimate <= cap) {
    // Expected up to the cap: count through the index, then read just the page.
    const count = await countUpTo(db, source, cap);
    if (count <= cap) {
      const window = cursorWindow ?? countedWindow(request, count);
      return {
        read: await readKeys(db, source, sort, window, rows),
        window,
        total: { total: count, exact: true },
      };
    }
  }
  const total = { total: Math.max(estimate ?? 0, cap + 1), exact: false };
  const window = cursorWindow ?? (await pageWindow(db, sort, request, total.total, cap));
  return { read: await readKeys(db, source, sort, window, rows), window, total };
}

/**
 * One page of a list. `load` reads the rows for the page's ids (in any order, with any joins), or
 * is a select of one page row's row, read in the statement that reads the keys (page-rows.ts: one
 * round trip fewer); `idOf` names a loaded row's id. Returns the rows in list order with the total
 * and cursors.
 */
export async function listPage<Row>(
  ctx: ListContext,
  source: ListSource,
  sort: ResolvedSort,
  request: ListRequest,
  load: ((ids: string[]) => Promise<Row[]>) | PageRows<Row>,
  idOf: (row: Row) => string,
  options: ListOptions = {},
): Promise<ListPage<Row>> {
  const { db } = ctx;
  const cap = ctx.limits.exactCount;
  // A row none was found for maps to one whose every column is null, its id too.
  const rows =
    typeof load === 'function' ? undefined : { select: load, isRow: (row: Row) => idOf(row) !== null };
  const { read, window, total } = await readPage(db, source, sort, request, cap, rows, options.total).catch(
    (error: unknown) => {
      // Key values PostgreSQL cannot read (a forged cursor) are a bad cursor, not a 500.
      if (request.cursor && isDataException(error)) throw fieldError('cursor', INVALID_CURSOR);
      throw error;
    },
  );
  const { keys } = read;
  const found = read.rows ?? (await loadByIds(keys, load as (ids: string[]) => Promise<Row[]>, idOf));

  // Read forwards, `more` means a next page; read backwards, a previous one. The other side is
  // known from how the page was reached (a cursor row, or rows skipped by the offset).
  const reachedFromBehind = window.offset > 0 || window.after !== undefined;
  const hasNext = window.reverse ? reachedFromBehind : read.more;
  const hasPrev = window.reverse ? read.more : reachedFromBehind;
  const valuesOf = (key: KeyRow) => sort.keys.map((_, i) => key[`k${i}`]!);
  const first = keys[0];
  const last = keys.at(-1);
  return {
    rows: found.filter((row): row is Row => row !== undefined),
    page: request.page,
    per_page: request.per_page,
    total: total.total,
    exact: total.exact,
    hasNext,
    // An empty page past the end still links back.
    hasPrev: hasPrev || (keys.length === 0 && request.page > 1),
    ...(hasNext && last ? { next: encodeCursor(sort.name, false, valuesOf(last)) } : {}),
    ...(hasPrev && first ? { prev: encodeCursor(sort.name, true, valuesOf(first)) } : {}),
  };
}

/** The keys' rows by their ids, in the keys' order (undefined where none was found). */
async function loadByIds<Row>(
  keys: KeyRow[],
  load: (ids: string[]) => Promise<Row[]>,
  idOf: (row: Row) => string,
) {
  const loaded = keys.length ? await load(keys.map((key) => key.id)) : [];
  const byId = new Map(loaded.map((row) => [idOf(row), row]));
  return keys.map((key) => byId.get(key.id));
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

export { listRoute } from './list-route.ts';
export { answerPage } from './page-headers.ts';
export { listParamsOf, registerListParamsGuard } from './params.ts';
