/**
 * A page's rows read in the statement that reads its keys: one round trip for a list page instead
 * of two (keys, then rows by their ids). On PostgreSQL a statement's socket write and its answer
 * were a third of a short list request's time on the server's thread (docs/decisions.md,
 * "Performance, second pass").
 *
 * The keys' statement becomes `p`, and each page row's own row is a lateral select by its id:
 *
 *   with p as (<keys>) select p.id, p.k0, …, r.* from p left join lateral (<rows>) r on true order by p.o
 *
 * The rows' select is a Drizzle select built with `rowQuery` (no database), so Drizzle maps its
 * columns as it maps any select's: `orderSelectedFields` gives the order its text lists them in, and
 * `mapResultRow` reads them. drizzle-orm exports both from its index without typing them; the
 * version is pinned by the lockfile, and page-rows.test.ts fails if an upgrade changes either.
 */
import * as drizzle from 'drizzle-orm';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { dialect } from '../../db/prepared.ts';

/** Builds a page's rows select outside a database: `rowQuery.select({...}).from(t).where(eq(t.id, pageId))`. */
export const rowQuery = new QueryBuilder(dialect);

/** A select made with `rowQuery`: its text, its fields and the rows it maps to. */
export type RowsSelect<Row> = SQLWrapper & { _: { selectedFields: object; result: Row[] } };

/** What a list page reads for each of its keys, in the same statement. */
export type PageRows<Row> = {
  /** Names the select for the statement's shape: one text per name (a test builds it again). */
  name: string;
  /** The page row's own row, at most one, for `pageId` (the page row's id, typed as a uuid). */
  select: (pageId: SQL) => RowsSelect<Row>;
  /** Values for the select's placeholders. */
  values?: Record<string, unknown>;
};

/** The row a `PageRows` reads. */
export type PageRow<Rows> = Rows extends PageRows<infer Row> ? Row : never;

/** A list's `PageRows`, its row type read off the select. */
export function pageRows<Row>(name: string, select: (pageId: SQL) => RowsSelect<Row>): PageRows<Row> {
  return { name, select };
}

type Field = { path: string[]; field: unknown };
const internals = drizzle as unknown as {
  orderSelectedFields(fields: object): Field[];
  mapResultRow(fields: Field[], row: unknown[], joinsNotNullableMap?: undefined): unknown;
};

/** A keys statement with its rows: the SQL, and how to read each of its rows back. */
export type WithRows = { statement: SQL; fields: Field[] };

/**
 * Wraps a keys statement whose columns are `columns` and which numbers its rows in list order as
 * `o` (null on a row that stands for no key: a count with an empty page).
 */
export function withRows(keys: SQL, columns: string[], rows: PageRows<unknown>): WithRows {
  const select = rows.select(sql.raw('p.id::uuid'));
  const named = sql.join(
    columns.map((column) => sql.raw(`p.${column}`)),
    sql`, `,
  );
  return {
    statement: sql`with p as (${keys})
    select ${named}, r.* from p left join lateral (${select}) r on true order by p.o`,
    fields: internals.orderSelectedFields(select._.selectedFields),
  };
}

/**
 * One row of a statement made by `withRows` (array mode): its key columns by name, and its row
 * (undefined where none was found: `isRow` tells it from an empty one).
 */
export function splitRow<Row>(
  raw: unknown[],
  columns: string[],
  fields: Field[],
  isRow: (row: Row) => boolean,
): { key: Record<string, unknown>; row: Row | undefined } {
  const key = Object.fromEntries(columns.map((column, i) => [column, raw[i]]));
  const row = internals.mapResultRow(fields, raw.slice(columns.length)) as Row;
  return { key, row: isRow(row) ? row : undefined };
}
