/**
 * The derived-columns registry (derived.ts) against the database: it names every trigger and SQL
 * function there is, its explicit writers exist, and after a scenario through the services every
 * derived column equals its recompute. The check can fail: with any one trigger dropped, the same
 * scenario on emptied tables leaves one of that trigger's columns wrong.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import { runScenario } from '../test/derived-scenario.ts';
import { useTestApp } from '../test/helpers.ts';
import { DERIVED_COLUMNS } from './derived.ts';
import { findDrift } from './drift.ts';

const t = useTestApp({ sandboxProvisionSeconds: 0 });

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await t.ctx.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Our triggers (not pg-boss's, not constraints'), with their table and definition. */
const triggers = () =>
  rows<{ name: string; table: string; definition: string }>(sql`
    select t.tgname as name, c.relname as table, pg_get_triggerdef(t.oid) as definition
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and not t.tgisinternal`);

const keepers = (kind: 'triggers' | 'functions') =>
  new Set(DERIVED_COLUMNS.flatMap((entry) => (entry.keptBy.kind === 'trigger' ? entry.keptBy[kind] : [])));

test('the registry names every trigger and function in the schema, and nothing else', async () => {
  const functions = await rows<{ name: string }>(sql`
    select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public'
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`);
  const names = (list: Array<{ name: string }>) => list.map((row) => row.name).sort();
  assert.deepEqual(names(await triggers()), [...keepers('triggers')].sort());
  assert.deepEqual(names(functions), [...keepers('functions')].sort());
});

test('every explicit writer the registry names is a function in that file', () => {
  for (const entry of DERIVED_COLUMNS) {
    if (entry.keptBy.kind !== 'explicit') continue;
    for (const writer of entry.keptBy.writers) {
      const [file, name] = writer.split(': ');
      const source = readFileSync(path.join(import.meta.dirname, '..', file!), 'utf8');
      assert.match(source, new RegExp(`function ${name}\\b`), `${entry.table}.${entry.column}: ${writer}`);
    }
  }
});

test('after the scenario every derived column equals its recompute', async () => {
  await runScenario(t);
  assert.deepEqual(await findDrift(t.ctx.db), []);
  // The scenario reached each column with something to check (not just zeros and nulls).
  for (const entry of DERIVED_COLUMNS) {
    const [row] = await rows<{ n: number }>(
      sql.raw(`select count(*)::int as n from (${entry.recompute}) r where r.value is not null
        and r.value::text not in ('0', '{}', '')`),
    );
    assert.ok(row!.n > 0, `${entry.table}.${entry.column}: the scenario left nothing to compare`);
  }
});

test('with any one trigger dropped, the scenario leaves a column it keeps wrong', async () => {
  // Every table but the reference data the migrations load: each run starts empty.
  const tables = await rows<{ name: string }>(sql`
    select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'marketplace_categories'`);
  for (const trigger of await triggers()) {
    const kept = DERIVED_COLUMNS.filter(
      (entry) => entry.keptBy.kind === 'trigger' && entry.keptBy.triggers.includes(trigger.name),
    );
    await t.ctx.db.execute(
      sql.raw(`truncate ${tables.map((table) => `"${table.name}"`).join(', ')} cascade`),
    );
    await t.ctx.db.execute(sql.raw(`drop trigger "${trigger.name}" on "${trigger.table}"`));
    try {
      await runScenario(t);
    } finally {
      await t.ctx.db.execute(sql.raw(trigger.definition));
    }
    const drift = await findDrift(t.ctx.db, kept);
    assert.ok(
      drift.length > 0,
      `${trigger.name} dropped: ${kept.map((e) => `${e.table}.${e.column}`)} still agree`,
    );
  }
});
