// Set-based seeding through the real schema: every row is made by INSERT … SELECT over
// generate_series in chunks (seed-rows.ts), so memory stays flat whatever BENCH_ROWS is.
import { performance } from 'node:perf_hooks';
import { type SQL, sql } from 'drizzle-orm';
import { createUserWithPassword } from '../src/features/auth/index.ts';
import type { AppContext } from '../src/platform/context.ts';
import { insertedBy, withChecksDeferred } from './bulk-load.ts';
import {
  announcementsChunk,
  appsChunk,
  changelogChunk,
  listingsChunk,
  membersChunk,
  oauthChunk,
  outboxChunk,
  readsChunk,
  sandboxesChunk,
  unreadsChunk,
  usersChunk,
  watermarkSql,
} from './seed-rows.ts';
import type { SeedSizes } from './seed-sizes.ts';

export const BENCH_PASSWORD = 'bench password 1';
export const BENCH_DEVELOPER = 'bench-developer@example.com';
export const BENCH_ADMIN = 'bench-admin@example.com';
/** Planted in 0.1 % of the rows of every table, so a substring search has a known, small result. */
export const SEARCH_TERM = 'elemetr';

const CHUNK = 100_000;

type Step = { table: string; rows: number; ms: number };

/** Fills the database; returns what each step inserted and how long it took. */
export async function seed(ctx: AppContext, sizes: SeedSizes, log: (line: string) => void) {
  const steps: Step[] = [];
  const developer = await createUserWithPassword(ctx, {
    name: 'Bench Developer',
    email: BENCH_DEVELOPER,
    password: BENCH_PASSWORD,
    companyName: 'Bench Co',
  });
  const admin = await createUserWithPassword(ctx, {
    name: 'Bench Admin',
    email: BENCH_ADMIN,
    password: BENCH_PASSWORD,
    role: 'admin',
    employee: true,
  });

  const run = async (table: string, total: number, chunk: (lo: number, hi: number) => SQL) => {
    const start = performance.now();
    let rows = 0;
    await withChecksDeferred(ctx, table, async () => {
      for (let lo = 1; lo <= total; lo += CHUNK) {
        rows += insertedBy(await ctx.db.execute(chunk(lo, Math.min(total, lo + CHUNK - 1))));
      }
    });
    const ms = performance.now() - start;
    steps.push({ table, rows, ms });
    log(`  ${table.padEnd(26)} ${rows.toLocaleString().padStart(10)} rows  ${(ms / 1000).toFixed(1)} s`);
  };

  const n = sizes.announcements;
  await run('users', sizes.users, (lo, hi) => usersChunk(lo, hi));
  await run('announcements', n, (lo, hi) => announcementsChunk(lo, hi, admin.id));
  await ctx.db.execute(watermarkSql(developer.id));
  await run('announcement_reads', n, (lo, hi) => readsChunk(lo, hi, developer.id));
  await run('announcement_unreads', n, (lo, hi) => unreadsChunk(lo, hi, developer.id));
  await run('mail_outbox', sizes.outbox, (lo, hi) => outboxChunk(lo, hi, n, sizes.users));
  const owned = { id: developer.id, procoreId: developer.procoreId };
  const apps = sizes.apps + sizes.otherApps;
  await run('developer_apps', apps, (lo, hi) => appsChunk(lo, hi, sizes, owned));
  await run('developer_app_members', apps, (lo, hi) => membersChunk(lo, hi, sizes, owned.id));
  await run('oauth_applications', apps, (lo, hi) => oauthChunk(lo, hi, sizes, owned.id));
  await run('sandboxes', apps, (lo, hi) => sandboxesChunk(lo, hi));
  await run('marketplace_submissions', apps, (lo, hi) => listingsChunk(lo, hi, sizes, owned.id));
  await run('changelog_entries', sizes.changelog, (lo, hi) => changelogChunk(lo, hi));

  // A maintained database is vacuumed (PostgreSQL's autovacuum; PGlite has none, so this is the
  // best case there) and analyzed; without it the planner guesses and index-only scans hit the heap.
  const start = performance.now();
  await ctx.db.execute(sql`vacuum analyze`);
  steps.push({ table: 'vacuum analyze', rows: 0, ms: performance.now() - start });
  log(
    `  ${'vacuum analyze'.padEnd(26)} ${''.padStart(10)}       ${((performance.now() - start) / 1000).toFixed(1)} s`,
  );
  return { developerId: developer.id, adminId: admin.id, steps };
}
