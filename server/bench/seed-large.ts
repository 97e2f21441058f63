// `npm run seed:large`: fills the portal's own database — the one `npm start` opens (DATA_DIR, or
// DATABASE_URL) — with SEED_ROWS (default 1,000,000) developers, developer apps, announcements and
// e-mails, through the same set-based seed as `npm run bench`. The demo accounts come first (as on a
// first start), so the admin lists can be tried at that size signed in as admin@example.com.
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { DataDirLockedError } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { seedDemo } from '../src/seed.ts';
import { BENCH_ADMIN, BENCH_DEVELOPER, BENCH_PASSWORD, seed } from './seed.ts';
import { seedContext } from './seed-context.ts';
import { seedSizes } from './seed-sizes.ts';

const rows = Number(process.env.SEED_ROWS ?? 1_000_000);
if (!Number.isInteger(rows) || rows < 100) {
  console.error(`SEED_ROWS=${process.env.SEED_ROWS}: expected a whole number of at least 100`);
  process.exit(1);
}
const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
let ctx: Awaited<ReturnType<typeof seedContext>>;
try {
  ctx = await seedContext(config, { optimisingCompiler: true });
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(`${error.message}\nStop the portal first: the seed needs its database to itself.`);
  process.exit(1);
}
try {
  const [seeded] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, BENCH_ADMIN));
  if (seeded) {
    console.error(`Already seeded (${BENCH_ADMIN} exists). Start from an empty DATA_DIR or database.`);
    process.exitCode = 1;
  } else {
    if (config.seedDemo) await seedDemo(ctx);
    const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
    console.log(`Seeding ${rows.toLocaleString('en-US')} rows per table into ${where}…`);
    const started = Date.now();
    await seed(ctx, seedSizes(rows), (line) => console.log(line));
    console.log(
      `Done in ${Math.round((Date.now() - started) / 1000)} s. Besides the demo accounts: ${BENCH_ADMIN} and ${BENCH_DEVELOPER} (${seedSizes(rows).apps.toLocaleString('en-US')} apps), password "${BENCH_PASSWORD}".`,
    );
  }
} finally {
  await ctx.close();
}
