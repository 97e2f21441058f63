// `npm run db:migrate`: applies the migrations and exits, with the instances' own environment — the
// step before a rolling deploy (docs/deploy.md), so no instance of the new version waits on them.
// Instances still migrate at start-up (under the same advisory lock); after this they find nothing to do.
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError, openDatabase } from './db/client.ts';

try {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const applied = (await database.db.execute(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: Array<{ count: number }> };
    console.log(`Migrations applied (${database.kind}): ${applied.rows[0]?.count} in the database`);
  } finally {
    await database.close();
  }
} catch (error) {
  if (!(error instanceof ConfigError || error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}
