import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seedSizes } from './seed-sizes.ts';

test('seed sizes: a million rows per table, 1 % of the apps the developer’s, the rest other users’', () => {
  assert.deepEqual(seedSizes(1_000_000, undefined), {
    announcements: 1_000_000,
    users: 1_000_000,
    outbox: 1_000_000,
    apps: 10_000,
    otherApps: 990_000,
    listingEvery: 100,
    changelog: 100_000,
  });
  // BENCH_OTHER_APPS=0: the sizes alone.
  assert.equal(seedSizes(1_000_000, 0).otherApps, 0);
  assert.equal(seedSizes(1_000_000, 0).apps, 10_000);
});

test('BENCH_OTHER_APPS must be a whole number', () => {
  const previous = process.env.BENCH_OTHER_APPS;
  try {
    process.env.BENCH_OTHER_APPS = '0';
    assert.equal(seedSizes(100).otherApps, 0);
    process.env.BENCH_OTHER_APPS = 'lots';
    assert.throws(() => seedSizes(100), /BENCH_OTHER_APPS must be a whole number/);
  } finally {
    if (previous === undefined) delete process.env.BENCH_OTHER_APPS;
    else process.env.BENCH_OTHER_APPS = previous;
  }
});
