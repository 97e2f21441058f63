import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import pg from 'pg';
import { createPostgresDatabase } from '../test/helpers.ts';
import { openPostgres } from './client.ts';

const url = process.env.TEST_DATABASE_URL;
const journal = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'migrations/meta/_journal.json'), 'utf8'),
) as { entries: unknown[] };

test('instances migrating one empty database at the same instant all succeed, each migration applied once', {
  skip: process.env.TEST_DB === 'postgres' && url ? false : 'PostgreSQL only (TEST_DB=postgres)',
}, async () => {
  const fresh = await createPostgresDatabase(url!);
  // Three pools are three instances as PostgreSQL sees them: sessions of their own.
  const instances = [0, 1, 2].map(() => openPostgres(fresh.url));
  try {
    const outcomes = await Promise.allSettled(instances.map((instance) => instance.migrate()));
    assert.deepEqual(
      outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'ok')),
      ['ok', 'ok', 'ok'],
    );
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    const { rows } = await client.query<{ applied: number; distinct: number }>(
      'select count(*)::int as applied, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
    );
    await client.end();
    assert.deepEqual(rows[0], { applied: journal.entries.length, distinct: journal.entries.length });
  } finally {
    await Promise.all(instances.map((instance) => instance.close()));
    await fresh.drop();
  }
});
