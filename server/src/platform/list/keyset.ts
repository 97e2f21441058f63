/** The SQL behind the list engine (index.ts): cursors, keyset bounds, and the two ways to read a page's keys. */
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { fieldError } from '../errors.ts';
import { UUID_PATTERN } from '../ids.ts';
import { keyedColumns } from './page-rows.ts';
import { type ListedRows, runKeysStatement, type Shape } from './statements.ts';

/** Column types a sort key may have; cursors carry their values as text. */
export type KeyType = 'timestamptz' | 'date' | 'uuid' | 'text' | 'integer';

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

/**
 * Orders that end in the row's id, so each row has a place of its own and keyset pages never skip
 * or repeat one: `const by = endingInId(table.id, 'uuid')`, then `by(table.name, 'text', histogram)`
 * orders by name, then id — the pair the list's index serves.
 */
export function endingInId(id: SortKey['sql'], idType: KeyType) {
  return (key: SortKey['sql'], type: KeyType, histogram?: ListSort['histogram']): ListSort => ({
    keys: [
      { sql: key, type },
      { sql: id, type: idType },
    ],
    ...(histogram ? { histogram } : {}),
  });
}

export type ResolvedSort = ListSort & { name: string; descending: boolean };

export type ListSource = {
  /** FROM clause: a table, or a table with joins. */
  from: SQL;
  /** The table whose size the list follows (planner estimates). */
  table: string;
  /** Filters; undefined (and no search) means the whole table. */
  where?: SQL | undefined;
  /**
   * The filter the planner's estimate is made for when `where` holds a value that moves with every
   * request (the time): estimates are kept per filter and only pick how to count, so a slightly
   * broader, steady filter is planned once instead of on every request. `where` by default.
   * With a `shape`, it holds no placeholders.
   */
  estimateWhere?: SQL | undefined;
  /** A substring search (containsAny): its matches are read in one pass when they may be few. */
  search?: SQL | undefined;
  /** The row id the page step returns and `load` receives. */
  id: SQL | AnyColumn;
  /**
   * Its statements may be sent by name and their plans kept (db/prepared.ts): only when `where` is
   * equality on the leading columns of the sort's index, so that no plan depends on the values.
   * Never with a search (the engine ignores it then).
   */
  keptPlan?: boolean | undefined;
  /**
   * For a kept-plan list whose `from`, `where` and `id` are built once (module constants) with
   * their values as placeholders (`sql.placeholder('userId')`): the list's name and this request's
   * values. Its statements are then built once per shape (statement, order, direction, bound) and
   * only their values travel on each request — Drizzle composing the same SQL again was ~13 % of a
   * list request's CPU on PostgreSQL (docs/decisions.md, "Performance, second pass").
   */
  shape?: Shape | undefined;
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
/** A page's keys in list order; with `rows` asked for, each key's row (undefined where none). */
export type KeyRead<Row = never> = { keys: KeyRow[]; more: boolean; rows?: Array<Row | undefined> };

const KEY_FORMAT: Record<KeyType, RegExp> = {
  timestamptz: /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)?$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  uuid: UUID_PATTERN,
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
export const SQL_TYPE: Record<KeyType, string> = {
  timestamptz: 'timestamptz',
  date: 'date',
  uuid: 'uuid',
  text: 'text',
  integer: 'bigint',
};
const typed = (name: string, type: KeyType) => sql`${sql.placeholder(name)}::${sql.raw(SQL_TYPE[type])}`;
const list = (parts: SQL[]) => sql.join(parts, sql`, `);

/**
 * `(k1, k2) < ($after0, $after1)` in the direction being read; `exprs` are the keys as the query
 * names them. The cursor's values are `afterValues(window)`.
 */
function keysetBound(sort: ResolvedSort, window: Window, exprs: SQL[]): SQL | undefined {
  if (!window.after) return undefined;
  const { values, inclusive } = window.after;
  const forwardIsLess = sort.descending !== window.reverse;
  const op = sql.raw(`${forwardIsLess ? '<' : '>'}${inclusive ? '=' : ''}`);
  const right = values.map((_, i) => typed(`after${i}`, sort.keys[i]!.type));
  return sql`(${list(exprs.slice(0, values.length))}) ${op} (${list(right)})`;
}

const afterValues = (window: Window) =>
  Object.fromEntries((window.after?.values ?? []).map((value, i) => [`after${i}`, value]));

/** Everything about a window that changes a statement's text (its values are placeholders). */
const windowShape = (sort: ResolvedSort, window: Window, rows: RowsRead) =>
  `${sort.name} ${window.reverse ? 'reverse' : 'forward'} ${window.after ? `${window.after.values.length}${window.after.inclusive ? '=' : ''}` : '-'} ${rows.limit.text} ${rows.offset.text}`;

/** Page sizes written into a statement's text rather than sent as values (see `inlined`). */
const INLINED_PAGE_SIZES = new Set([3, 10, 20, 24, 25, 50, 100]);

type Bound = { sql: SQL; text: string };
type RowsRead = { limit: Bound; offset: Bound };

/**
 * A whole number written into the statement (its text names it), or a placeholder.
 *
 * PostgreSQL keeps a named statement's plan (its generic plan) only while that costs no more than
 * planning it for each request's values, and a generic plan cannot see a limit or offset sent as a
 * value: it assumes a tenth of the table, so a list statement was planned afresh on every request
 * (half the database's time for a notifications page at a million rows, docs/decisions.md). Written
 * into the text, the usual page sizes and the first page's offset give each list a handful of
 * statements whose plans are kept; other values stay placeholders, planned each time.
 */
function inlined(name: string, value: number, inline: boolean): Bound {
  return inline
    ? { sql: sql.raw(String(value)), text: `${name} ${value}` }
    : { sql: sql`${sql.placeholder(name)}::int`, text: `${name} $` };
}

/** The rows a window reads: `limit` (one more than the page, to tell whether more follow) after `offset`. */
const rowsRead = (window: Window): RowsRead => ({
  limit: inlined('limit', window.limit + 1, INLINED_PAGE_SIZES.has(window.limit)),
  offset: inlined('offset', window.offset, window.offset === 0),
});

function orderBy(sort: ResolvedSort, window: Window, exprs: SQL[]) {
  const direction = sql.raw(sort.descending !== window.reverse ? 'desc' : 'asc');
  return list(exprs.map((expr) => sql`${expr} ${direction}`));
}

const keyExprs = (sort: ResolvedSort) => sort.keys.map((key) => sql`${key.sql}`);
const asText = (exprs: SQL[]) => list(exprs.map((expr, i) => sql`${expr}::text as ${sql.raw(`k${i}`)}`));

/** One row more than the page tells whether another page follows, without counting. */
function finish<Row>(
  read: Array<{ key: Record<string, unknown>; row?: Row | undefined }>,
  window: Window,
  withRows: boolean,
): KeyRead<Row> {
  const page = read.slice(0, window.limit);
  if (window.reverse) page.reverse();
  return {
    keys: page.map((entry) => entry.key as KeyRow),
    more: read.length > window.limit,
    ...(withRows ? { rows: page.map((entry) => entry.row) } : {}),
  };
}

const keyColumns = (sort: ResolvedSort) => ['id', ...sort.keys.map((_, i) => `k${i}`)];

/**
 * The page's keys straight from the list's index, in list order (with `rows`, their rows too; with
 * `total`, a select of one number, that number beside each key as `n`).
 */
export async function readKeys<Row = never>(
  db: Tx,
  source: ListSource,
  sort: ResolvedSort,
  window: Window,
  rows?: ListedRows<Row>,
  total?: SQL,
): Promise<KeyRead<Row>> {
  if (window.limit <= 0) return { keys: [], more: false, ...(rows ? { rows: [] } : {}) };
  const exprs = keyExprs(sort);
  const conditions = [source.where, keysetBound(sort, window, exprs)].filter((part) => part !== undefined);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const columns = list(exprs.map((expr, i) => sql`${expr} as ${sql.raw(`t${i}`)}`));
  const named = sort.keys.map((_, i) => sql.raw(`p.t${i}`));
  const bounds = rowsRead(window);
  // The casts to text happen outside the offset: rows skipped to reach a deep page are only
  // stepped over in the index, not converted (a third of the cost of a 12,000-row skip on PGlite).
  const read = await runKeysStatement(
    db,
    source,
    `keys ${windowShape(sort, window, bounds)}${total ? ' total' : ''}`,
    total ? [...keyColumns(sort), 'n'] : keyColumns(sort),
    (numbered) => sql`
    select p.id::text as id, ${asText(named)}${total ? sql`, (${total})::int as n` : sql``}${numbered ? sql`, ${ordinal(sort, window, named)}${keyedColumns(rows?.select, 'p.')}` : sql``} from (
      select ${source.id} as id, ${columns}${keyedColumns(rows?.select)} from ${source.from} ${where}
      order by ${orderBy(sort, window, exprs)}
      limit ${bounds.limit.sql} offset ${bounds.offset.sql}
    ) p order by ${orderBy(sort, window, named)}`,
    { limit: window.limit + 1, offset: window.offset, ...afterValues(window) },
    rows,
  );
  return finish(read, window, rows !== undefined);
}

/** `o`: a key's place in the order it is read, for a statement that reads its rows too. */
const ordinal = (sort: ResolvedSort, window: Window, named: SQL[]) =>
  sql`row_number() over (order by ${orderBy(sort, window, named)}) as o`;

/**
 * For a list the planner expects to be small: every match (at most `cap` + 1 of them) is read
 * once, which answers both the exact total and the page. `count` > cap means it was not small.
 */
export async function readSmall<Row = never>(
  db: Tx,
  source: ListSource,
  sort: ResolvedSort,
  window: Window,
  cap: number,
  rows?: ListedRows<Row>,
): Promise<KeyRead<Row> & { count: number }> {
  const inner = keyExprs(sort);
  const filter = source.where ? sql`where ${source.where}` : sql``;
  const columns = list(inner.map((expr, i) => sql`${expr} as ${sql.raw(`t${i}`)}`));
  const named = sort.keys.map((_, i) => sql.raw(`t${i}`));
  const bound = keysetBound(sort, window, named);
  const bounds = rowsRead(window);
  // The cap is one value per portal (ctx.limits.exactCount), so it is always in the text.
  const capped = inlined('cap', cap + 1, true);
  const read = await runKeysStatement(
    db,
    source,
    `small ${windowShape(sort, window, bounds)} ${capped.text}`,
    ['n', ...keyColumns(sort)],
    (numbered) => sql`
    with m as (
      select ${source.id}::text as id, ${columns}${keyedColumns(rows?.select)} from ${source.from} ${filter} limit ${capped.sql}
    )
    select c.n, p.* from (select count(*)::int as n from m) c
    left join lateral (
      select id, ${asText(named)}${numbered ? sql`, ${ordinal(sort, window, named)}${keyedColumns(rows?.select, '')}` : sql``} from m ${bound ? sql`where ${bound}` : sql``}
      order by ${orderBy(sort, window, named)}
      limit ${bounds.limit.sql} offset ${bounds.offset.sql}
    ) p on true`,
    { limit: Math.max(0, window.limit + 1), offset: window.offset, ...afterValues(window) },
    rows,
  );
  const count = Number(read[0]?.key.n ?? 0);
  const found = read.filter((entry) => entry.key.id !== null);
  return { ...finish(found, window, rows !== undefined), count };
}
