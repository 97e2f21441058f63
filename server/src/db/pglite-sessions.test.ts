import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setImmediate } from 'node:timers/promises';
import pg from 'pg';
import { type Database, openPglite } from './client.ts';

// Several pool connections share PGlite's single backend; these check they still behave like
// separate PostgreSQL sessions.
let database: Database;
let pool: pg.Pool;

before(async () => {
  database = await openPglite();
  pool = new pg.Pool({ connectionString: database.url, max: 6 });
  await pool.query('create table items (owner int not null)');
});

after(async () => {
  await pool.end();
  await database.close();
});

test('another connection never sees an open transaction; it waits for the transaction to end', async () => {
  const writer = await pool.connect();
  try {
    await writer.query('begin');
    await writer.query('insert into items values (1)');
    const reader = pool.query<{ n: number }>('select count(*)::int as n from items');
    let readerDone = false;
    void reader.then(() => {
      readerDone = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(readerDone, false, 'the reader waited for the transaction');
    await writer.query('rollback');
    assert.equal((await reader).rows[0]!.n, 0);
  } finally {
    writer.release();
  }
});

test('concurrent transactions on several connections commit and roll back independently', async () => {
  const results = await Promise.all(
    Array.from({ length: 6 }, async (_, owner) => {
      const counts: number[] = [];
      for (let i = 0; i < 10; i++) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          await client.query('insert into items values ($1)', [owner + 10]);
          const { rows } = await client.query<{ n: number }>(
            'select count(*)::int as n from items where owner = $1',
            [owner + 10],
          );
          counts.push(rows[0]!.n);
          await client.query(i % 2 ? 'rollback' : 'commit');
        } finally {
          client.release();
        }
      }
      return counts;
    }),
  );
  // Row i sees the commits before it (every even i) plus its own insert.
  const expected = Array.from({ length: 10 }, (_, i) => Math.ceil(i / 2) + 1);
  for (const counts of results) assert.deepEqual(counts, expected);
});

test('a failing statement on one connection does not disturb the others', async () => {
  const outcomes = await Promise.all(
    Array.from({ length: 40 }, async (_, i) => {
      if (i % 2) {
        const failed = pool.query('select 1 / $1::int', [0]);
        return failed.then(
          () => 'no error',
          (error: Error) => error.message,
        );
      }
      const { rows } = await pool.query<{ v: string }>('select $1::text as v', [`value ${i}`]);
      return rows[0]!.v;
    }),
  );
  outcomes.forEach((outcome, i) => {
    assert.equal(outcome, i % 2 ? 'division by zero' : `value ${i}`);
  });
});

test('a connection that drops mid-transaction is rolled back and frees the database', async () => {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query('begin');
  await client.query('insert into items values (99)');
  await client.end(); // no commit
  const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from items where owner = 99');
  assert.equal(rows[0]!.n, 0);
});

test('each connection has its own prepared statements, gone when it goes', async () => {
  const first = new pg.Client({ connectionString: database.url });
  const second = new pg.Client({ connectionString: database.url });
  await Promise.all([first.connect(), second.connect()]);
  const prepared = async () =>
    (await pool.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;
  const before = await prepared();
  // The same name, different statements: on one shared backend they would collide.
  for (let i = 0; i < 3; i++) {
    assert.equal((await first.query({ name: 'pick', text: 'select 1 as n' })).rows[0].n, 1);
    assert.equal(
      (await second.query({ name: 'pick', text: 'select $1::int + 1 as n', values: [i] })).rows[0].n,
      i + 1,
    );
  }
  assert.equal(await prepared(), before + 2);
  await first.end();
  await second.end();
  // Deallocated once each connection's turn to be cleaned up has come.
  for (let tries = 0; (await prepared()) !== before && tries < 100; tries++) await setImmediate();
  assert.equal(await prepared(), before);
});
