/**
 * How the list engine sends its statements: built once per shape when the source has one, by name
 * when its plan is kept, and, for a page that reads its rows too, with them (page-rows.ts).
 */
import { is, Param, Placeholder, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { dialect, runCompiled, statementName } from '../../db/prepared.ts';
import { type PageRows, splitRow, type WithRows, withRows } from './page-rows.ts';

/** A statement's parameters as text, a placeholder by its name (a key, not SQL). */
export function paramsKey(params: unknown[]): string {
  return JSON.stringify(params, (_, value: unknown) =>
    is(value, Placeholder) ? `$${value.name}` : is(value, Param) ? paramsKey([value.value]) : value,
  );
}

/** What runs a list statement needs to know of its source. */
export type StatementSource = {
  /** Sent by name, its plan kept (ListSource.keptPlan). */
  keptPlan?: boolean | undefined;
  /** Built once per shape: its name and this request's values (ListSource.shape). */
  shape?: Shape | undefined;
};
export type Shape = { name: string; values: Record<string, unknown> };

type Compiled = {
  query: { sql: string; params: unknown[] };
  name: string | undefined;
  columns: WithRows['columns'];
};
const compiledShapes = new Map<string, Compiled>();
let verifyShapes = false;

/**
 * Tests build every shaped statement again and compare it with the one kept: a source whose name
 * does not follow everything its text holds (a value inlined, a filter that varies) fails there.
 */
export function verifyListShapes(on: boolean) {
  verifyShapes = on;
}

/**
 * A list statement, its engine values (`limit`, `offset`, …) as placeholders filled from `values`.
 * `kind` names everything that shapes its text besides the source: with `source.shape` and a kept
 * plan (no search), the text is built once per source name and kind; otherwise each time, and sent
 * by name (its text's hash) when the source keeps its plans. A shape's values fill its placeholders
 * either way.
 */
export async function runListStatement<Row>(
  db: Tx,
  source: StatementSource,
  kind: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<{ rows: Row[] }> {
  const { query, name } = compile(source, kind, () => ({ statement: build(), columns: [] }));
  return runCompiled<Row>(db, query, name, { ...source.shape?.values, ...values });
}

/** The statement for a kind, built once per shape when the source has one (`runListStatement`). */
function compile(source: StatementSource, kind: string, build: () => WithRows): Compiled {
  const toCompiled = (): Compiled => {
    const built = build();
    const query = dialect.sqlToQuery(built.statement);
    return { query, name: source.keptPlan ? statementName(query.sql) : undefined, columns: built.columns };
  };
  if (!source.shape || !source.keptPlan) return toCompiled();
  const key = `${source.shape.name}\u0000${kind}`;
  let compiled = compiledShapes.get(key);
  if (!compiled) {
    compiled = toCompiled();
    compiledShapes.set(key, compiled);
  } else if (verifyShapes) {
    const again = toCompiled();
    const same =
      again.query.sql === compiled.query.sql &&
      paramsKey(again.query.params) === paramsKey(compiled.query.params);
    if (!same) throw new Error(`the list shape "${source.shape.name}" (${kind}) built another statement`);
  }
  return compiled;
}

/**
 * A keys statement (its columns `columns`, its rows numbered `o` in list order) and, with `rows`,
 * each key's row read in the same statement (page-rows.ts). Answers the key columns of each row,
 * and its row where one was found.
 */
export async function runKeysStatement<Row>(
  db: Tx,
  source: StatementSource,
  kind: string,
  columns: string[],
  build: (numbered: boolean) => SQL,
  values: Record<string, unknown>,
  rows: ListedRows<Row> | undefined,
): Promise<Array<{ key: Record<string, unknown>; row?: Row | undefined }>> {
  if (!rows) {
    const result = await runListStatement<Record<string, unknown>>(
      db,
      source,
      kind,
      () => build(false),
      values,
    );
    return result.rows.map((key) => ({ key }));
  }
  const { select, isRow } = rows;
  const compiled = compile(source, `${kind}\u0000${select.name}`, () =>
    withRows(build(true), columns, select),
  );
  const all = { ...source.shape?.values, ...select.values, ...values };
  const result = await runCompiled<unknown[]>(db, compiled.query, compiled.name, all, true);
  return result.rows.map((raw) => splitRow(raw, columns, compiled.columns, isRow));
}

/** A page's rows to read with its keys, and how to tell a row found from none. */
export type ListedRows<Row> = { select: PageRows<Row>; isRow: (row: Row) => boolean };
