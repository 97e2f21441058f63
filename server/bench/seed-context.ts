// The context every seeding process opens: warnings only, and pg-boss without supervision, cron or
// its polls, so jobs are enqueued for the portal that starts next and nothing waits behind the
// seed's long transactions (docs/decisions.md, "The seed scripts only enqueue").
import { createContext } from '../src/bootstrap.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { openPglite } from '../src/db/client.ts';
import { createLogger } from '../src/platform/logger.ts';

/**
 * On PGlite, `optimisingCompiler` opens the database with V8's optimising tier: a seeder has no
 * start-up memory budget, and building a million rows' indexes takes about half the time with it.
 */
export async function seedContext(config: Config, options: { optimisingCompiler: boolean }) {
  const database =
    config.databaseUrl || !options.optimisingCompiler
      ? undefined
      : await openPglite(config.dataDir, { optimisingCompiler: true });
  return createContext(config, {
    log: createLogger('warn'),
    superviseJobs: false,
    ...(database ? { database } : {}),
  });
}

/** A bench child's config: the target's database alone (`DATA_DIR` or `DATABASE_URL`), no demo data. */
export function benchSeedConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig({
    DATA_DIR: env.DATA_DIR,
    DATABASE_URL: env.DATABASE_URL,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  });
}
