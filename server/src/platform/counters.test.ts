import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AppContext } from './context.ts';
import { defineCounter, flushCounters } from './counters.ts';

type Count = { key: string; n: number };

/** A context with only what a counter uses: the database handle it is keyed by, and a logger. */
const fakeContext = () => {
  const warnings: unknown[] = [];
  const ctx = { db: {}, log: { warn: (...args: unknown[]) => warnings.push(args) } } as unknown as AppContext;
  return { ctx, warnings };
};

function counterWith(write: (batch: Count[]) => Promise<void>, maxPending?: number) {
  return defineCounter<Count>({
    name: 'test',
    flushMs: 60_000,
    keyOf: (c) => c.key,
    merge: (into, from) => {
      into.n += from.n;
    },
    write: async (_ctx, batch) => write(batch.map((c) => ({ ...c }))),
    ...(maxPending ? { maxPending } : {}),
  });
}

test('counts with the same key are added up and written in one batch', async () => {
  const { ctx } = fakeContext();
  const writes: Count[][] = [];
  const counter = counterWith(async (batch) => void writes.push(batch));
  for (let i = 0; i < 5; i++) counter.add(ctx, { key: 'a', n: 1 });
  counter.add(ctx, { key: 'b', n: 3 });
  assert.equal(counter.pending(ctx), 2);
  await counter.flush(ctx);
  await counter.flush(ctx); // nothing pending: nothing written
  assert.deepEqual(writes, [
    [
      { key: 'a', n: 5 },
      { key: 'b', n: 3 },
    ],
  ]);
});

test('a failed write keeps its counts, merged with newer ones, for the next flush', async () => {
  const { ctx, warnings } = fakeContext();
  const writes: Count[][] = [];
  let fail = true;
  const counter = counterWith(async (batch) => {
    if (fail) throw new Error('database away');
    writes.push(batch);
  });
  counter.add(ctx, { key: 'a', n: 2 });
  await counter.flush(ctx);
  assert.equal(warnings.length, 1);
  assert.equal(counter.pending(ctx), 1);
  counter.add(ctx, { key: 'a', n: 1 });
  counter.add(ctx, { key: 'b', n: 1 });
  fail = false;
  await counter.flush(ctx);
  assert.deepEqual(writes, [
    [
      { key: 'a', n: 3 },
      { key: 'b', n: 1 },
    ],
  ]);
});

test('concurrent flushes run one after another: every count written exactly once', async () => {
  const { ctx } = fakeContext();
  let written = 0;
  let running = 0;
  const counter = counterWith(async (batch) => {
    running++;
    assert.equal(running, 1, 'two writes at once');
    await new Promise((resolve) => setImmediate(resolve));
    written += batch.reduce((sum, c) => sum + c.n, 0);
    running--;
  });
  const flushes: Array<Promise<void>> = [];
  for (let i = 0; i < 100; i++) {
    counter.add(ctx, { key: `k${i % 7}`, n: 1 });
    flushes.push(counter.flush(ctx));
  }
  await Promise.all(flushes);
  assert.equal(written, 100);
});

test('past maxPending keys a flush starts at once; flushCounters writes every counter', async () => {
  const { ctx } = fakeContext();
  const first: Count[][] = [];
  const second: Count[][] = [];
  const bounded = counterWith(async (batch) => void first.push(batch), 3);
  const other = counterWith(async (batch) => void second.push(batch));
  for (const key of ['a', 'b', 'c']) bounded.add(ctx, { key, n: 1 });
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(first.length, 1, 'written without waiting for the timer');
  other.add(ctx, { key: 'x', n: 1 });
  assert.equal(second.length, 0);
  await flushCounters(ctx);
  assert.deepEqual(
    first.flat().map((c) => c.key),
    ['a', 'b', 'c'],
  );
  assert.deepEqual(second, [[{ key: 'x', n: 1 }]]);
  assert.equal(bounded.pending(ctx), 0);
});
