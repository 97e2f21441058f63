import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database, Db } from '../db/client.ts';
import { createTestApp } from './helpers.ts';

/** Applies the migrations before the one named `name`, as the release before it would have. */
export async function migrateUntil(database: Database, name: string) {
  const source = path.join(import.meta.dirname, '../db/migrations');
  const journal = JSON.parse(readFileSync(path.join(source, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const next = journal.entries.findIndex((entry) => entry.tag.replace(/^\d+_/, '') === name);
  assert.ok(next > 0, `no migration ${name}`);
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
  try {
    mkdirSync(path.join(folder, 'meta'));
    const entries = journal.entries.slice(0, next);
    writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const entry of entries)
      copyFileSync(path.join(source, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    await migrate(database.db as never, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Runs plain SQL and answers its rows: an old database's tables do not match the schema's. */
export type RunSql = <Row = Record<string, string>>(query: SQL) => Promise<Row[]>;

export function sqlRunner(db: Db): RunSql {
  return async <Row>(query: SQL) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * An upgrade test's app: a database from before migration `name`, filled by `seed` in plain SQL as
 * the release before it would have left it; then the portal starts and migrates it.
 */
export function createTestAppUpgradedFrom(name: string, seed: (run: RunSql) => Promise<void>) {
  return createTestApp(
    {},
    {
      beforeMigrate: async (database) => {
        await migrateUntil(database, name);
        await seed(sqlRunner(database.db));
      },
    },
  );
}

/** A timestamptz as the driver hands it over: a Date, or text like `2026-02-02 00:00:00+00`. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}(:?\d{2})?|Z)$/;
const isoTimestamp = (value: unknown) =>
  value instanceof Date || (typeof value === 'string' && TIMESTAMP.test(value))
    ? new Date(value).toISOString()
    : value;

/** A plain SQL query's rows as lists of their values in column order, timestamps as ISO strings. */
export async function valuesOf(db: Db, query: SQL): Promise<unknown[][]> {
  const rows = await sqlRunner(db)<Record<string, unknown>>(query);
  return rows.map((row) => Object.values(row).map(isoTimestamp));
}

/** A user row as an old database holds it (plain SQL: later migrations add columns); answers its id. */
export async function insertOldUser(run: RunSql, email: string) {
  const [user] = await run(
    sql`insert into users (name, email, email_verified) values ('Old', ${email}, true) returning id`,
  );
  return user!.id!;
}
