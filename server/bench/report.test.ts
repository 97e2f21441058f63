import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Latency } from './load.ts';
import type { ListResult, PageResult } from './measure.ts';
import { listChecks, markdownTable, offeredChecks, ratioChecks, throughputChecks } from './report.ts';

const latency = (p50: number, extra: Partial<Latency> = {}): Latency => ({
  n: 50,
  p50,
  p99: p50 * 2,
  mean: p50,
  non2xx: 0,
  errors: 0,
  ...extra,
});
const page = (kind: PageResult['kind'], p50: number, path = '/l?page=1'): PageResult => ({
  kind,
  path,
  rows: 25,
  bytes: 5000,
  latency: latency(p50),
});
const passes = (checks: ReturnType<typeof listChecks>) =>
  Object.fromEntries(checks.map((c) => [c.id.split('.').pop(), c.pass]));

test('a paginated list is judged per page on p50 and on its deepest page against the first', () => {
  const list: ListResult = {
    name: 'outbox',
    path: '/l',
    total: 1_000_000,
    paginated: true,
    pages: [page('first', 4), page('middle', 11, '/l?page=20000'), page('last', 19, '/l?page=40000')],
  };
  assert.deepEqual(passes(listChecks(list)), {
    first: true,
    middle: true,
    last: true,
    search: undefined, // no search parameter: reported, not judged
    deep: false, // 19 ms is more than 3 × 4 ms
  });
});

test('a list without paging fails its middle and last pages; failed requests fail the page', () => {
  const list: ListResult = {
    name: 'my apps',
    path: '/l',
    total: 10_000,
    paginated: false,
    pages: [{ ...page('first', 5), latency: latency(5, { non2xx: 3 }) }],
  };
  const checks = listChecks(list);
  assert.deepEqual(passes(checks), { first: false, middle: false, last: false, search: undefined });
  assert.equal(checks.find((c) => c.id.endsWith('.middle'))?.text, 'not paginated');
});

test('an ignored search parameter and a missing endpoint are reported without a verdict', () => {
  const ignored: PageResult = { kind: 'search', path: '/l?q=x', rows: 25, bytes: 1, skipped: 'q is ignored' };
  const list: ListResult = {
    name: 'n',
    path: '/l',
    total: 30,
    paginated: true,
    pages: [page('first', 1), page('middle', 1), page('last', 1), ignored],
  };
  assert.equal(passes(listChecks(list)).search, undefined);
  const missing = listChecks({ ...list, skipped: 'no such endpoint yet (404)', pages: [] });
  assert.deepEqual(
    missing.map((c) => [c.text, c.pass]),
    [['skipped: no such endpoint yet (404)', undefined]],
  );
});

test('ratios and the offered rate are checked against the targets; the bare row only calibrates', () => {
  const measured = {
    rounds: [],
    bare: 12_500,
    bareWithHeaders: 10_000,
    healthz: 8_000,
    me: 5_100,
    healthzRatio: 0.8,
    healthzPlainRatio: 0.64,
    meRatio: 0.51,
  };
  const ratios = ratioChecks({ ...measured, healthzFailed: 0, meFailed: 0 });
  // The hook chain is judged against the bare server sending the same headers; without them, shown.
  assert.deepEqual(
    ratios.map((c) => [c.id, c.pass]),
    [
      ['ratio.healthz', true],
      ['ratio.healthz.plain', undefined],
      ['ratio.me', true],
    ],
  );
  assert.match(ratios[0]!.text, /^0\.80× \(8,000 vs 10,000 req\/s\)$/);
  assert.match(ratios[1]!.text, /^0\.64× \(vs 12,500 req\/s\)$/);
  assert.deepEqual(
    ratioChecks({ ...measured, healthzRatio: 0.79, meRatio: 0.49, healthzFailed: 0, meFailed: 0 }).map(
      (c) => c.pass,
    ),
    [false, undefined, false],
  );
  // Refused requests (a rate limit's 429s) are fast but not answers: the ratio fails.
  const refused = ratioChecks({ ...measured, healthzFailed: 0, meFailed: 12 });
  assert.deepEqual(
    refused.map((c) => [c.pass, c.text.endsWith('12 not 2xx or no answer')]),
    [
      [true, false],
      [undefined, false],
      [false, true],
    ],
  );
  const base = { n: 1, p50: 1, mean: 1, non2xx: 0, errors: 0, timeouts: 0, offered: 500, achieved: 500 };
  const offered = offeredChecks(
    [
      { ...base, name: 'bare', path: '/healthz', p99: 80, dropped: false },
      { ...base, name: 'ok', path: '/a', p99: 50, dropped: false },
      { ...base, name: 'slow', path: '/b', p99: 51, dropped: false },
      { ...base, name: 'dropping', path: '/c', p99: 5, achieved: 300, dropped: true },
    ],
    500,
    30,
  );
  assert.deepEqual(
    offered.map((c) => c.pass),
    [undefined, true, false, false],
  );
  // Issue 29's throughput: by database, with its p99 and no failure.
  const lists = [
    { name: 'fast', path: '/a', rps: 3000, p99: 50, failed: 0, serverUs: 410.4, databaseUs: 150 },
    { name: 'pglite only', path: '/b', rps: 2999, p99: 20, failed: 0, serverUs: 700, databaseUs: undefined },
    { name: 'slow tail', path: '/c', rps: 5000, p99: 51, failed: 0, serverUs: 300, databaseUs: 100 },
    { name: 'failing', path: '/d', rps: 5000, p99: 5, failed: 1, serverUs: 300, databaseUs: 100 },
  ];
  assert.deepEqual(
    throughputChecks(lists, 'postgres', 50).map((c) => c.pass),
    [true, false, false, false],
  );
  assert.deepEqual(
    throughputChecks(lists, 'pglite', 50).map((c) => c.pass),
    [true, true, false, false],
  );
  // Each with the CPU a request cost, PostgreSQL's backends beside the server's where measured.
  assert.equal(
    throughputChecks(lists, 'postgres', 50)[0]!.text,
    '3,000 req/s, p99 50 ms; CPU 410 µs server + 150 µs PostgreSQL a request',
  );
  assert.equal(
    throughputChecks(lists, 'pglite', 50)[1]!.text,
    '2,999 req/s, p99 20 ms; CPU 700 µs server a request',
  );
});

test('the table has a column per database and a row per check, marked', () => {
  const check = { id: 'x', measure: 'thing', target: '≤ 1', text: '0.5 | ok', pass: true };
  const table = markdownTable([
    { label: 'PGlite', checks: [check] },
    { label: 'PostgreSQL', checks: [{ ...check, pass: false }] },
  ]);
  assert.equal(
    table,
    [
      '| Measure | Target | PGlite | PostgreSQL |',
      '| --- | --- | --- | --- |',
      '| thing | ≤ 1 | 0.5 \\| ok ✅ | 0.5 \\| ok ❌ |',
    ].join('\n'),
  );
});
