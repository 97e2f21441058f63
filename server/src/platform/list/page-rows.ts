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
 * The rows' select is a Drizzle select built with `rowQuery` (no database), and its columns are
 * read back as Drizzle reads any select's: `orderSelectedFields` (which drizzle-orm exports from its
 * index without typing it) gives the order its text lists them in, and each field's decoder maps
 * its value. The decoders are looked up once per statement, not in every cell as Drizzle's own
 * `mapResultRow` does (a tenth of a 25-row page's CPU). The version is pinned by the lockfile, and
 * page-rows.test.ts fails if an upgrade changes the order or the mapping.
 */
import * as drizzle from 'drizzle-orm';
import {
  type AnyColumn,
  Column,
  type DriverValueDecoder,
  is,
  SQL,
  type SQLWrapper,
  Subquery,
  sql,
} from 'drizzle-orm';
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
  /**
   * The page row's own row, at most one, for `pageId` (the page row's id, typed as a uuid);
   * `keyed` holds the values of `keyed`'s columns for that page row.
   */
  select: (pageId: SQL, keyed: Record<string, SQL>) => RowsSelect<Row>;
  /** Values for the select's placeholders. */
  values?: Record<string, unknown>;
  /**
   * Columns of the list's index read with the page's keys and handed to `select` by name: what the
   * index already holds is not looked up again by the row's primary key (for My Apps, a third of
   * a page row's reads). Only columns the keys' index holds, or the keys read stops being
   * index-only and an offset pays a heap read for every row it skips.
   */
  keyed?: Record<string, SQL | AnyColumn>;
};

/** The row a `PageRows` reads. */
export type PageRow<Rows> = Rows extends PageRows<infer Row> ? Row : never;

/** A list's `PageRows`, its row type read off the select; `keyed`: see `PageRows.keyed`. */
export function pageRows<Row, Keyed extends string = never>(
  name: string,
  select: (pageId: SQL, keyed: Record<Keyed, SQL>) => RowsSelect<Row>,
  keyed?: Record<Keyed, SQL | AnyColumn>,
): PageRows<Row> {
  return { name, select: select as PageRows<Row>['select'], ...(keyed ? { keyed } : {}) };
}

/** The name a keys statement gives the `i`th of its rows' `keyed` columns. */
const keyedName = (i: number) => `c${i}`;

/**
 * A keys statement's columns for its rows' `keyed` values, named `c0`, `c1`, …: as `from` reads
 * them (`, <column> as c0`), or, with `outer`, as a select over that one reads them (`, p.c0`).
 */
export function keyedColumns(rows: PageRows<unknown> | undefined, outer?: string): SQL {
  const columns = Object.values(rows?.keyed ?? {}).map((column, i) =>
    outer === undefined ? sql`, ${column} as ${sql.raw(keyedName(i))}` : sql.raw(`, ${outer}${keyedName(i)}`),
  );
  return sql.join(columns);
}

type Field = { path: string[]; field: unknown };
const internals = drizzle as unknown as { orderSelectedFields(fields: object): Field[] };

/** A column of the rows' select: where its value goes in the row, and how it is decoded. */
type Decoded = { path: string[]; decoder: DriverValueDecoder<unknown, unknown> };

/** Drizzle keeps an SQL expression's decoder (`.mapWith`) on it without typing it. */
type Decodes = { decoder: DriverValueDecoder<unknown, unknown> };

function decoderOf(field: unknown): DriverValueDecoder<unknown, unknown> {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as Decodes).decoder;
  if (is(field, Subquery)) return (field._.sql as unknown as Decodes).decoder;
  return ((field as SQL.Aliased).sql as unknown as Decodes).decoder;
}

/** A keys statement with its rows: the SQL, and how to read each of its rows back. */
export type WithRows = { statement: SQL; columns: Decoded[] };

/**
 * Wraps a keys statement whose columns are `columns` and which numbers its rows in list order as
 * `o` (null on a row that stands for no key: a count with an empty page).
 */
export function withRows(keys: SQL, columns: string[], rows: PageRows<unknown>): WithRows {
  const keyed = Object.fromEntries(
    Object.keys(rows.keyed ?? {}).map((name, i) => [name, sql.raw(`p.${keyedName(i)}`)]),
  );
  const select = rows.select(sql.raw('p.id::uuid'), keyed);
  const named = sql.join(
    columns.map((column) => sql.raw(`p.${column}`)),
    sql`, `,
  );
  return {
    statement: sql`with p as (${keys})
    select ${named}, r.* from p left join lateral (${select}) r on true order by p.o`,
    columns: internals
      .orderSelectedFields(select._.selectedFields)
      .map(({ path, field }) => ({ path, decoder: decoderOf(field) })),
  };
}

/** The row in `raw` from `offset` on, its values decoded into their places (nested objects too). */
function mapRow(raw: unknown[], offset: number, columns: Decoded[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i++) {
    const { path, decoder } = columns[i]!;
    let node = row;
    for (let depth = 0; depth < path.length - 1; depth++) {
      const name = path[depth]!;
      node[name] ??= {};
      node = node[name] as Record<string, unknown>;
    }
    const value = raw[offset + i];
    node[path[path.length - 1]!] = value === null ? null : decoder.mapFromDriverValue(value);
  }
  return row;
}

/**
 * One row of a statement made by `withRows` (array mode): its key columns by name, and its row
 * (undefined where none was found: `isRow` tells it from an empty one).
 */
export function splitRow<Row>(
  raw: unknown[],
  keyColumns: string[],
  columns: Decoded[],
  isRow: (row: Row) => boolean,
): { key: Record<string, unknown>; row: Row | undefined } {
  const key: Record<string, unknown> = {};
  for (let i = 0; i < keyColumns.length; i++) key[keyColumns[i]!] = raw[i];
  const row = mapRow(raw, keyColumns.length, columns) as Row;
  return { key, row: isRow(row) ? row : undefined };
}
