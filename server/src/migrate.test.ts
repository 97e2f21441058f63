import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { createPostgresDatabase } from './test/helpers.ts';

const entry = path.join(import.meta.dirname, 'migrate.ts');
const journal = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'db/migrations/meta/_journal.json'), 'utf8'),
);

const migrate = (env: Record<string, string>) =>
  spawnSync(process.execPath, [entry], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });

test('npm run db:migrate applies every migration and exits; run again it finds nothing to do', async () => {
  const postgres =
    process.env.TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL
      ? await createPostgresDatabase(process.env.TEST_DATABASE_URL)
      : undefined;
  const env = {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-migrate-')),
    DATABASE_URL: postgres?.url ?? '',
  };
  try {
    const expected = `Migrations applied (${postgres ? 'postgres' : 'pglite'}): ${journal.entries.length} in the database`;
    for (const run of [migrate(env), migrate(env)]) {
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stdout.trim(), expected);
    }
  } finally {
    await postgres?.drop();
  }
});
