// Loading a table fast: its plain indexes and foreign keys are dropped for the load and put back
// after it, and an INSERT's row count is read the same way from node-postgres and PGlite.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../src/platform/context.ts';

/** Rows an INSERT wrote (node-postgres says rowCount, PGlite affectedRows). */
export const insertedBy = (result: unknown) => {
  const { rowCount, affectedRows } = result as { rowCount?: number | null; affectedRows?: number };
  return rowCount ?? affectedRows ?? 0;
};

type Named = { name: string; definition: string };
const rowsOf = (result: unknown) => (result as { rows: Named[] }).rows;

/**
 * Bulk loading is several times faster without per-row index maintenance and foreign-key checks,
 * so a table's plain indexes and foreign keys are dropped before its load and put back from their
 * own definitions after it (whatever migrations made them). Re-adding a foreign key checks every
 * row in one pass, so a seed that broke one fails here. Primary keys, unique constraints and
 * triggers stay (a counter a trigger maintains keeps counting).
 */
export async function withChecksDeferred(ctx: AppContext, table: string, load: () => Promise<void>) {
  const run = (statement: string) => ctx.db.execute(sql.raw(statement));
  const indexes = rowsOf(
    await ctx.db.execute(sql`
      select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      where i.indrelid = to_regclass(${table})
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`),
  );
  const foreignKeys = rowsOf(
    await ctx.db.execute(sql`
      select conname as name, pg_get_constraintdef(oid) as definition
      from pg_constraint where conrelid = to_regclass(${table}) and contype = 'f'`),
  );
  for (const key of foreignKeys) await run(`alter table ${table} drop constraint "${key.name}"`);
  for (const index of indexes) await run(`drop index ${index.name}`);
  await load();
  for (const index of indexes) {
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local maintenance_work_mem = '128MB'`));
      await tx.execute(sql.raw(index.definition));
    });
  }
  for (const key of foreignKeys)
    await run(`alter table ${table} add constraint "${key.name}" ${key.definition}`);
}
