import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { type SQL, sql } from 'drizzle-orm';
import { createLogger } from '../platform/logger.ts';
import { type Database, openPglite } from './client.ts';
import { maintainEvery, maintainOnce } from './maintain.ts';

const rows = async <Row>(database: Database, query: SQL) =>
  ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;

const plan = async (database: Database) =>
  (
    await rows<{ 'QUERY PLAN': string }>(
      database,
      sql`explain (analyze, costs off) select k, id from maintained where k = 5 order by id limit 25`,
    )
  )
    .map((row) => row['QUERY PLAN'])
    .join('\n');

const stats = async (database: Database) => {
  const [row] = await rows<{ vacuum_count: string; analyze_count: string; n_dead_tup: string }>(
    database,
    sql`select vacuum_count, analyze_count, n_dead_tup from pg_stat_user_tables where relname = 'maintained'`,
  );
  return {
    vacuums: Number(row?.vacuum_count),
    analyzes: Number(row?.analyze_count),
    dead: Number(row?.n_dead_tup),
  };
};

const work = async (database: Database) =>
  (await maintainOnce(database.db)).map(({ table, work }) => ({ table, work }));

test('the embedded database analyzes and vacuums the tables autovacuum would, and only those', async () => {
  const database = await openPglite();
  try {
    await database.db.execute(sql`create table maintained (id int primary key, k int not null)`);
    await database.db.execute(sql`create index maintained_k on maintained (k, id)`);
    await database.db.execute(sql`create table untouched (id int primary key)`);
    await database.db.execute(sql`insert into maintained select g, g % 100 from generate_series(1, 20000) g`);
    // PGlite's autovacuum never runs: no page is marked all-visible, so even an index-only scan
    // reads every row it returns from the heap.
    assert.match(await plan(database), /Heap Fetches: 25\n/);

    assert.deepEqual(await work(database), [{ table: 'public.maintained', work: 'vacuum' }]);
    const after = await plan(database);
    assert.match(after, /Index Only Scan using maintained_k/);
    assert.match(after, /Heap Fetches: 0\n/);
    // Nothing is due again until enough changes: 60 of 20,000 rows is under the thresholds.
    assert.deepEqual(await work(database), []);
    await database.db.execute(sql`update maintained set k = k + 1 where id <= 60`);
    assert.deepEqual(await work(database), []);
    // 4,100 dead rows: past autovacuum's 50 + 20 % of 20,000.
    await database.db.execute(sql`delete from maintained where id <= 4100`);
    assert.deepEqual(await work(database), [{ table: 'public.maintained', work: 'vacuum' }]);
    assert.deepEqual(await stats(database), { vacuums: 2, analyzes: 2, dead: 0 });
  } finally {
    await database.close();
  }
});

test('the maintenance loop runs a pass on its interval and stops cleanly', async () => {
  const database = await openPglite();
  try {
    await database.db.execute(sql`create table maintained (id int primary key, k int not null)`);
    await database.db.execute(sql`insert into maintained select g, g from generate_series(1, 2000) g`);
    const loop = maintainEvery(database.db, createLogger('silent'), 20);
    const until = Date.now() + 10_000;
    while ((await stats(database)).analyzes === 0 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    await loop.stop();
    assert.deepEqual(await stats(database), { vacuums: 1, analyzes: 1, dead: 0 });
  } finally {
    await database.close();
  }
});

test('a table grown before a restart is still due after it, though PGlite forgets its counts', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-maintain-'));
  try {
    let database = await openPglite(dataDir);
    await database.db.execute(sql`create table maintained (id int primary key, k int not null)`);
    await database.db.execute(sql`insert into maintained select g, g % 100 from generate_series(1, 20000) g`);
    await database.close();

    database = await openPglite(dataDir);
    try {
      const [counts] = await rows<{ inserted: string }>(
        database,
        sql`select n_ins_since_vacuum as inserted from pg_stat_user_tables where relname = 'maintained'`,
      );
      assert.equal(
        Number(counts?.inserted),
        0,
        'PGlite kept its counts over the restart: this test shows nothing',
      );
      assert.deepEqual(await work(database), [{ table: 'public.maintained', work: 'vacuum' }]);
      assert.deepEqual(await work(database), []);
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
