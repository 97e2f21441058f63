/** Compares each derived column with its recompute (derived.ts), on any database. */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { DERIVED_COLUMNS } from './derived.ts';

export type Drift = {
  table: string;
  column: string;
  key: string;
  stored: string | null;
  expected: string | null;
};

/** Rows whose derived column differs from its recompute (a few per column), or none. */
export async function findDrift(db: Db, columns = DERIVED_COLUMNS, limit = 5): Promise<Drift[]> {
  const found: Drift[] = [];
  for (const entry of columns) {
    const stored = entry.stored ?? `select id as key, ${entry.column} as value from ${entry.table}`;
    const result = await db.execute(
      sql.raw(`with stored as (${stored}), expected as (${entry.recompute})
        select coalesce(s.key, e.key)::text as key, s.value::text as stored, e.value::text as expected
        from stored s full join expected e on e.key = s.key
        where s.key is null or e.key is null or s.value is distinct from e.value
        limit ${limit}`),
    );
    for (const row of (result as unknown as { rows: Omit<Drift, 'table' | 'column'>[] }).rows)
      found.push({ table: entry.table, column: entry.column, ...row });
  }
  return found;
}
