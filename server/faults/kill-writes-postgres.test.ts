import { test } from 'node:test';
import { killDuringWrites, repeat } from './support/kill-during-writes.ts';
import { createDatabase } from './support/postgres.ts';

test(`kill -9 during writes × ${repeat()} on PostgreSQL: 0 acknowledged writes lost, restarts immediate`, async () => {
  const database = await createDatabase('kill9');
  try {
    await killDuringWrites('postgres', { DATABASE_URL: database.url });
  } finally {
    await database.drop();
  }
});
