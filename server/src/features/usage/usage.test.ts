import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { apiUsageDaily } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { addMember, createAppAs } from '../apps/testing.ts';
import { flushApiUsage, recordApiUsage } from './index.ts';
import { USAGE_CSV_BATCH_ROWS } from './usage.service.ts';

let t: TestApp;
let owner: TestClient;
let developer: TestClient;
let stranger: TestClient;
let staff: TestClient;
let appId: string;

const V = '/api/v1';
const url = (rest: string, id = appId) => `${V}/developer_apps/${id}${rest}`;

/** Calls the OAuth feature's hook would report: `n` of one route, method and code. */
function calls(n: number, route: string, method: string, status: number, id = appId) {
  for (let i = 0; i < n; i++) recordApiUsage(t.ctx, { appId: id, route, method, status });
}

const storedRows = (id: string) =>
  t.ctx.db
    .select({
      day: apiUsageDaily.day,
      route: apiUsageDaily.route,
      method: apiUsageDaily.method,
      status: apiUsageDaily.status,
      count: apiUsageDaily.count,
    })
    .from(apiUsageDaily)
    .where(eq(apiUsageDaily.developerAppId, id))
    .orderBy(apiUsageDaily.day, apiUsageDaily.route, apiUsageDaily.method, apiUsageDaily.status);

before(async () => {
  t = await createTestApp();
  t.clock.set('2026-03-10T12:00:00Z');
  owner = (await t.asNewUser()).client;
  const member = await t.asNewUser();
  developer = member.client;
  stranger = (await t.asNewUser()).client;
  staff = (await t.asNewUser({ role: 'admin' })).client;
  appId = (await createAppAs(owner, 'Usage App')).id;
  await addMember(t, appId, member.user.id, 'developer');
});
after(() => t.close());

describe('counting calls', () => {
  test('calls are added up per app × UTC day × route × method × code: one row per key, never per call', async () => {
    const other = (await createAppAs(owner, 'Other Usage App')).id;
    t.clock.set('2026-03-08T23:59:59Z');
    calls(3, '/rest/v1.0/me', 'GET', 200);
    t.clock.set('2026-03-09T00:00:00Z'); // a new UTC day
    calls(5, '/rest/v1.0/me', 'GET', 200);
    calls(2, '/rest/v1.0/me', 'get', 401); // the method upper-cased
    calls(4, '/rest/v1.0/companies', 'GET', 200);
    calls(1, '/rest/v1.0/companies', 'POST', 404);
    calls(7, '/rest/v1.0/me', 'GET', 200, other);
    await flushApiUsage(t.ctx);
    assert.deepEqual(await storedRows(appId), [
      { day: '2026-03-08', route: '/rest/v1.0/me', method: 'GET', status: 200, count: 3 },
      { day: '2026-03-09', route: '/rest/v1.0/companies', method: 'GET', status: 200, count: 4 },
      { day: '2026-03-09', route: '/rest/v1.0/companies', method: 'POST', status: 404, count: 1 },
      { day: '2026-03-09', route: '/rest/v1.0/me', method: 'GET', status: 200, count: 5 },
      { day: '2026-03-09', route: '/rest/v1.0/me', method: 'GET', status: 401, count: 2 },
    ]);
    assert.deepEqual(await storedRows(other), [
      { day: '2026-03-09', route: '/rest/v1.0/me', method: 'GET', status: 200, count: 7 },
    ]);
    // A later flush adds to the stored day (an upsert), it does not write a second row.
    calls(10, '/rest/v1.0/me', 'GET', 200);
    await flushApiUsage(t.ctx);
    const rows = await storedRows(appId);
    assert.equal(rows.length, 5);
    assert.equal(
      rows.find((r) => r.day === '2026-03-09' && r.status === 200 && r.route.endsWith('me'))?.count,
      15,
    );
  });

  test('flushes racing each other and new calls write every call exactly once', async () => {
    const racing = (await createAppAs(owner, 'Racing Usage App')).id;
    const flushes: Array<Promise<void>> = [];
    for (let round = 0; round < 20; round++) {
      calls(50, '/rest/v1.0/me', 'GET', 200, racing);
      calls(round % 3, '/rest/v1.0/companies', 'GET', 429, racing);
      flushes.push(flushApiUsage(t.ctx), flushApiUsage(t.ctx));
    }
    await Promise.all(flushes);
    await Promise.all([flushApiUsage(t.ctx), flushApiUsage(t.ctx)]); // nothing pending: no change
    const rows = await storedRows(racing);
    assert.deepEqual(
      rows.map((r) => [r.route, r.status, r.count]),
      [
        ['/rest/v1.0/companies', 429, 19],
        ['/rest/v1.0/me', 200, 1000],
      ],
    );
  });

  test('what is not a route pattern, an app id, a method or a response code is refused, not counted', () => {
    const bad = [
      { appId, route: '/rest/v1.0/me?company_id=1', method: 'GET', status: 200 },
      { appId, route: 'https://portal.example/rest/v1.0/me', method: 'GET', status: 200 },
      { appId: 'not-a-uuid', route: '/rest/v1.0/me', method: 'GET', status: 200 },
      { appId, route: '/rest/v1.0/me', method: 'GET /x', status: 200 },
      { appId, route: '/rest/v1.0/me', method: 'GET', status: 1000 },
    ];
    for (const call of bad) assert.throws(() => recordApiUsage(t.ctx, call), TypeError);
  });

  test('a deleted app’s counts are dropped at the flush; the rest of the batch is written', async () => {
    const doomed = (await createAppAs(owner, 'Doomed Usage App')).id;
    const kept = (await createAppAs(owner, 'Kept Usage App')).id;
    calls(2, '/rest/v1.0/me', 'GET', 200, doomed);
    calls(3, '/rest/v1.0/me', 'GET', 200, kept);
    await t.ctx.db.execute(sql`delete from developer_apps where id = ${doomed}`);
    await flushApiUsage(t.ctx);
    assert.deepEqual(await storedRows(doomed), []);
    assert.equal((await storedRows(kept))[0]?.count, 3);
  });

  test('closing the app writes the counts still in memory (a drained process loses none)', async () => {
    const closing = (await createAppAs(owner, 'Closing Usage App')).id;
    // A second app on the same context: closing it runs the same hook main.ts's shutdown does.
    const second = await buildApp(t.ctx, { logger: false });
    await second.ready();
    calls(4, '/rest/v1.0/me', 'GET', 200, closing);
    await second.close();
    assert.equal((await storedRows(closing))[0]?.count, 4);
  });
});

describe('reading usage', () => {
  test('the table: the list pattern (Total, Link, per_page), sorts and the date filters', async () => {
    const first = await owner.get(url('/api_usage?per_page=2'));
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.headers.total, '5');
    assert.equal(first.headers['per-page'], '2');
    assert.match(String(first.headers.link), /rel="next"/);
    assert.deepEqual(
      first.json().map((r: { date: string }) => r.date),
      ['2026-03-09', '2026-03-09'],
    );
    const byCount = await owner.get(url('/api_usage?sort=-count&per_page=1'));
    assert.deepEqual(
      byCount.json().map((r: Record<string, unknown>) => [r.route, r.method, r.status, r.count]),
      [['/rest/v1.0/me', 'GET', 200, 15]],
    );
    const dayBefore = await owner.get(url('/api_usage?filters[from]=2026-03-08&filters[to]=2026-03-08'));
    assert.equal(dayBefore.headers.total, '1');
    assert.equal(dayBefore.json()[0].count, 3);
    const backwards = await owner.get(url('/api_usage?filters[from]=2026-03-09&filters[to]=2026-03-08'));
    assert.equal(backwards.statusCode, 422);
    assert.deepEqual(backwards.json().fields, { 'filters[from]': ['From must not be after To'] });
    const notADay = await owner.get(url('/api_usage?filters[to]=2026-02-30'));
    assert.equal(notADay.statusCode, 422);
  });

  test('the chart: every day of the span by outcome, the last 30 days by default, at most 90', async () => {
    t.clock.set('2026-03-10T12:00:00Z');
    const res = await developer.get(url('/api_usage/daily'));
    assert.equal(res.statusCode, 200, res.body);
    const daily = res.json();
    assert.equal(daily.from, '2026-02-09');
    assert.equal(daily.to, '2026-03-10');
    assert.equal(daily.days.length, 30);
    assert.deepEqual(daily.days.at(-2), {
      date: '2026-03-09',
      successful: 19,
      client_errors: 3,
      server_errors: 0,
    });
    assert.deepEqual(daily.days.at(-1), {
      date: '2026-03-10',
      successful: 0,
      client_errors: 0,
      server_errors: 0,
    });
    assert.equal(daily.total, 25);
    const long = await owner.get(url('/api_usage/daily?from=2025-01-01&to=2026-03-10'));
    assert.equal(long.statusCode, 422);
    assert.equal(long.json().fields.from[0], 'At most 90 days can be asked for at once');
  });

  test('the CSV: exactly the five columns, every row, streamed in keyset batches', async () => {
    const res = await owner.get(url('/api_usage.csv'));
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
    assert.equal(res.headers['content-disposition'], `attachment; filename="${appId}-api-usage.csv"`);
    assert.equal(
      res.body,
      [
        'Date,Response Code,HTTP Method,Normalized Route,Count',
        '2026-03-08,200,GET,/rest/v1.0/me,3',
        '2026-03-09,200,GET,/rest/v1.0/companies,4',
        '2026-03-09,404,POST,/rest/v1.0/companies,1',
        '2026-03-09,200,GET,/rest/v1.0/me,15',
        '2026-03-09,401,GET,/rest/v1.0/me,2',
        '',
      ].join('\r\n'),
    );
    const filtered = await owner.get(url('/api_usage.csv?filters[from]=2026-03-09'));
    assert.equal(filtered.body.trimEnd().split('\r\n').length, 5);

    // More rows than one batch: every key once, in order, none skipped at the batch boundary.
    const big = (await createAppAs(owner, 'Big Usage App')).id;
    const total = USAGE_CSV_BATCH_ROWS + 25;
    for (let i = 0; i < total; i++)
      recordApiUsage(t.ctx, {
        appId: big,
        route: `/rest/v1.0/r${String(i).padStart(4, '0')}`,
        method: 'GET',
        status: 200,
      });
    const file = await owner.get(url('/api_usage.csv', big));
    const lines = file.body.trimEnd().split('\r\n').slice(1);
    assert.equal(lines.length, total);
    const routes = lines.map((line) => line.split(',')[3]!);
    assert.equal(new Set(routes).size, total);
    assert.deepEqual(routes, [...routes].sort());
  });

  test('the app’s people (every role) and staff read it; a stranger is told it does not exist', async () => {
    for (const path of ['/api_usage', '/api_usage/daily', '/api_usage.csv']) {
      assert.equal((await developer.get(url(path))).statusCode, 200, path);
      assert.equal((await staff.get(url(path))).statusCode, 200, path);
      const refused = await stranger.get(url(path));
      assert.equal(refused.statusCode, 404, path);
      assert.equal(refused.json().message, 'Developer app not found');
      assert.equal((await t.client().get(url(path))).statusCode, 401, path);
    }
  });
});
