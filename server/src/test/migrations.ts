import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from '../db/client.ts';

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
