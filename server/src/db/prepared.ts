import { createHash } from 'node:crypto';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

const names = new Set<string>();

/**
 * A statement sent by name: Drizzle builds its SQL once, each connection parses it once, and after
 * five runs PostgreSQL may keep one generic plan for it instead of planning every run (on the
 * embedded database, planning is half of a short query's cost; docs/decisions.md, "Performance,
 * second pass"). Parameters are `sql.placeholder(...)`s filled at `execute({...})`.
 *
 * Only for statements whose best plan does not depend on the values: a row by its primary or a
 * unique key, an app's own few rows, rows by a list of ids, a walk of one value's entries in an
 * index ordered as the page is (a list's `keptPlan`). Never a filter whose best plan changes with
 * how many rows share the value (whether an app has any events: none to millions) nor a search
 * pattern: a generic plan made for the average value is far worse for the rare one (measured:
 * docs/decisions.md, "Plans are not kept on PGlite").
 *
 * `build` receives the database it is made for (made once per database object: a transaction
 * gets its own each time) and the name to pass to `.prepare()`. Names are unique: a second use
 * throws at load. Named statements are per connection: behind a pooler that moves transactions
 * between server connections (PgBouncer's transaction mode before 1.21), they would need its
 * prepared-statement support turned on.
 */
export function prepared<Query>(name: string, build: (db: Db, name: string) => Query): (db: Db) => Query {
  if (names.has(name)) throw new Error(`the prepared statement ${name} is defined twice`);
  names.add(name);
  const byDatabase = new WeakMap<Db, Query>();
  return (db) => {
    let query = byDatabase.get(db);
    if (!query) {
      query = build(db, name);
      byDatabase.set(db, query);
    }
    return query;
  };
}

/**
 * The whole row of `table` whose `column` (its primary or a unique key) equals `key`, by name:
 * `rowBy(name, table, column)(db).execute({ key })`.
 */
export function rowBy<Table extends PgTable>(name: string, table: Table, column: AnyColumn) {
  return prepared(name, (db, statement) => {
    const query = db
      .select()
      .from(table as PgTable)
      .where(eq(column, sql.placeholder('key')))
      .prepare(statement);
    return query as unknown as { execute(values: { key: string }): Promise<Array<Table['$inferSelect']>> };
  });
}

/**
 * `column = any($ids)`: one statement for any number of ids (`in (...)` is one per count). The ids
 * reach the condition through a sub-select, so the planner cannot count them: a named statement's
 * plan is then the same for a short page as for a full one, and PostgreSQL keeps it after five runs.
 * With the array itself in the condition, a page of fewer than ten rows always looked cheaper
 * planned afresh, so a short list had its rows planned on every request (docs/decisions.md,
 * "Performance, second pass").
 */
export function idIn(column: AnyColumn): SQL {
  return sql`${column} = any(array(select unnest(${sql.placeholder('ids')}::uuid[])))`;
}

/** Builds statements' text outside a database (the list engine's, composed at request time). */
export const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * The name a composed statement is sent by: its text's hash, so each shape is prepared once per
 * connection while its values travel as parameters. For statements that `prepared()` would accept
 * but whose text is composed (the list engine's); each distinct text stays prepared on its
 * connection, so the shapes must be few (no values inlined in the text).
 */
export function statementName(text: string): string {
  return `q_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
}

/**
 * Runs built SQL (`dialect.sqlToQuery`), its placeholders filled from `values`: by `name` when
 * given (see `statementName`), otherwise as an unnamed statement, planned each time. With `arrays`,
 * each row is its columns' values in order, as Drizzle reads a select's (page-rows.ts maps them).
 */
export async function runCompiled<Row>(
  db: Tx,
  query: { sql: string; params: unknown[] },
  name: string | undefined,
  values: Record<string, unknown>,
  arrays = false,
): Promise<{ rows: Row[] }> {
  if (arrays) {
    const rows = await db._.session.prepareQuery(query, undefined, name, true, (raw) => raw).execute(values);
    return { rows: rows as Row[] };
  }
  return (await db._.session.prepareQuery(query, undefined, name, false).execute(values)) as { rows: Row[] };
}
