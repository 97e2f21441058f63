// `node bench/explain-changelog.ts` with TEST_DATABASE_URL (any PostgreSQL database to create a
// scratch one beside): migrates a fresh database, seeds CHANGELOG_ROWS (100,000) changelog entries as
// the bench does, then reports the median wall time of the changelog list's repo call for the filter
// shapes issue 27 measures — first, middle and last page, as a developer and as staff — and, with
// PLANS=1, the plan of every statement the middle page sends. Dropped afterwards.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres } from '../src/db/client.ts';
import { type EntryFilter, listEntries } from '../src/features/reference/reference.repo.ts';
import type { AppContext } from '../src/platform/context.ts';
import { EXACT_COUNT_LIMIT } from '../src/platform/list/count.ts';
import { createPostgresDatabase } from '../src/test/helpers.ts';
import { changelogChunk } from './seed-rows.ts';

const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('TEST_DATABASE_URL: a PostgreSQL server to create a scratch database on');
const ROWS = Number(process.env.CHANGELOG_ROWS ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 15);

const fresh = await createPostgresDatabase(url);
const database = openPostgres(fresh.url);
try {
  await database.migrate();
  for (let lo = 1; lo <= ROWS; lo += 50_000)
    await database.db.execute(changelogChunk(lo, Math.min(ROWS, lo + 49_999)));
  // EXTRA_SQL: an index (or any statement) to try before the measurement.
  for (const statement of (process.env.EXTRA_SQL ?? '').split(';').filter((text) => text.trim()))
    await database.db.execute(sql.raw(statement));
  await database.db.execute(sql`analyze changelog_entries`);
  const ctx = { db: database.db, limits: { exactCount: EXACT_COUNT_LIMIT } } as AppContext;
  const base = { group: 'rest', branch: 'main' };
  const shapes: Array<[string, EntryFilter]> = [
    ['all', { ...base, includeInternal: false }],
    ['deprecated', { ...base, includeInternal: false, types: ['deprecated'] }],
    ['deprecated+sunset', { ...base, includeInternal: false, types: ['deprecated', 'sunset'] }],
    ['breaking', { ...base, includeInternal: false, breaking: true }],
    ['refinement breaking', { ...base, includeInternal: false, types: ['refinement'], breaking: true }],
    ['staff fix', { ...base, includeInternal: true, types: ['fix'] }],
  ];
  const median = async (run: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  };
  console.log(`changelog_entries: ${ROWS.toLocaleString('en-US')} rows, median of ${ROUNDS}\n`);
  console.log('| filter | pages | first | middle | last |\n|---|---|---|---|---|');
  for (const [name, filter] of shapes) {
    const first = await listEntries(ctx, filter, { page: 1, per_page: 50 });
    const pages = Math.max(1, Math.ceil(first.total / 50));
    const at = (page: number) => median(() => listEntries(ctx, filter, { page, per_page: 50 }));
    const cells = [await at(1), await at(Math.ceil(pages / 2)), await at(pages)].map(
      (ms) => `${ms.toFixed(1)} ms`,
    );
    console.log(`| ${name} | ${pages} | ${cells.join(' | ')} |`);
  }
  if (process.env.PLANS === '1') {
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    const { rows } = await client.query(
      `select indexname from pg_indexes where tablename = 'changelog_entries' order by 1`,
    );
    console.log(`\nindexes: ${rows.map((row) => row.indexname).join(', ')}`);
    await client.end();
  }
} finally {
  await database.close();
  await fresh.drop();
}
