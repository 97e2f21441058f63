import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { addMember, createAppAs } from '../apps/testing.ts';
import { completeDraft } from '../listings/testing.ts';
import { appEvent, postEvents } from './testing.ts';

let t: TestApp;
let owner: TestClient;
let collaborator: TestClient;
let stranger: TestClient;
let staff: TestClient;
let appId: string;
let slug: string;

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const DAY = 24 * 60 * 60 * 1000;
/** The test portal's day (TIME_ZONE is UTC in tests). */
const today = () => t.clock.now().toISOString().slice(0, 10);
const metricsUrl = (query = '') => `/api/v1/developer_apps/${appId}/metrics${query}`;

/** An anonymous browser from its own address looks at the public listing. */
const visit = (ip: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/marketplace/apps/${slug}`,
    headers: { 'user-agent': BROWSER },
    remoteAddress: ip,
  });

before(async () => {
  t = await createTestApp();
  const ownerUser = await t.asNewUser();
  owner = ownerUser.client;
  const member = await t.asNewUser();
  collaborator = member.client;
  stranger = (await t.asNewUser()).client;
  staff = (await t.asNewUser({ role: 'admin' })).client;
  const app = await createAppAs(owner, 'Metrics App');
  appId = app.id;
  await addMember(t, appId, member.user.id, 'developer');
  const listing = await completeDraft(t, owner, appId, 'Metrics App');
  assert.equal(
    (await owner.patch(`/api/v1/submissions/${listing.id}`, { state: 'in_review' })).statusCode,
    200,
  );
  const approved = await staff.patch(`/api/v1/admin/submissions/${listing.id}`, {
    approval_state: 'approved',
  });
  assert.equal(approved.statusCode, 200, approved.body);
  slug = approved.json().slug;
});
after(() => t.close());

describe('engagement metrics', () => {
  test('an app without views: empty aggregates, no installations, the last 90 days by default', async () => {
    const res = await owner.get(metricsUrl());
    assert.equal(res.statusCode, 200, res.body);
    const to = today();
    const from = new Date(t.clock.now().getTime() - 89 * DAY).toISOString().slice(0, 10);
    const empty = { rows: [], total_count: 0 };
    const before = new Date(t.clock.now().getTime() - 90 * DAY).toISOString().slice(0, 10);
    const first = new Date(t.clock.now().getTime() - 179 * DAY).toISOString().slice(0, 10);
    assert.deepEqual(res.json(), {
      developer_app_id: appId,
      from,
      to,
      range: null,
      bucket: 'day',
      daily_app_installations_aggregates: empty,
      daily_app_uninstallations_aggregates: empty,
      daily_marketplace_app_views_aggregates: empty,
      daily_marketplace_app_page_views_aggregates: empty,
      previous_period: { from: first, to: before, installs: 0, uninstalls: 0, visits: 0, page_views: 0 },
      app_installations: empty,
    });
    // No data yet: the app page's Metrics tab stays hidden.
    assert.equal((await owner.get(`/api/v1/developer_apps/${appId}`)).json().has_metrics, false);
  });

  test('views are counted per day once per visitor, and summed', async () => {
    const first = today();
    assert.equal((await visit('203.0.113.1')).statusCode, 200);
    await visit('203.0.113.1');
    await visit('203.0.113.2');
    t.clock.advance(DAY);
    const second = today();
    await visit('203.0.113.1');
    // A bot is not a visit.
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/marketplace/apps/${slug}`,
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' },
      remoteAddress: '203.0.113.9',
    });

    const report = (await owner.get(metricsUrl())).json();
    assert.deepEqual(report.daily_marketplace_app_views_aggregates, {
      rows: [
        { date: first, count: 2 },
        { date: second, count: 1 },
      ],
      total_count: 3,
    });
    // Page views count every view a person made, repeats included.
    assert.deepEqual(report.daily_marketplace_app_page_views_aggregates, {
      rows: [
        { date: first, count: 3 },
        { date: second, count: 1 },
      ],
      total_count: 4,
    });
    // A span names its days, both included.
    const onlyFirst = await owner.get(metricsUrl(`?from=${first}&to=${first}`));
    assert.deepEqual(onlyFirst.json().daily_marketplace_app_views_aggregates, {
      rows: [{ date: first, count: 2 }],
      total_count: 2,
    });
    assert.equal(onlyFirst.json().from, first);
    const onlySecond = await owner.get(metricsUrl(`?from=${second}`));
    assert.equal(onlySecond.json().daily_marketplace_app_views_aggregates.total_count, 1);
  });

  test('has_metrics: the single app says so once a view was counted, ever; lists do not carry it', async () => {
    for (const client of [owner, collaborator]) {
      const res = await client.get(`/api/v1/developer_apps/${appId}`);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().has_metrics, true);
    }
    const other = await createAppAs(owner, 'No Views');
    assert.equal((await owner.get(`/api/v1/developer_apps/${other.id}`)).json().has_metrics, false);
    const list = (await owner.get('/api/v1/developer_apps')).json();
    assert.ok(list.length >= 2);
    for (const row of list) assert.equal(Object.hasOwn(row, 'has_metrics'), false);
  });

  test("the app's people of every role and staff read it; strangers are told it does not exist", async () => {
    const owners = await owner.get(metricsUrl());
    for (const client of [collaborator, staff]) {
      const res = await client.get(metricsUrl());
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json(), owners.json());
    }
    assert.equal((await stranger.get(metricsUrl())).statusCode, 404);
    assert.equal((await t.client().get(metricsUrl())).statusCode, 401);
    assert.equal((await staff.get('/api/v1/developer_apps/not-an-id/metrics')).statusCode, 404);
  });

  test('a deleted app: staff still read it, its people no longer', async () => {
    const app = await createAppAs(owner, 'Deleted Metrics');
    assert.equal(
      (await owner.request({ method: 'DELETE', url: `/api/v1/developer_apps/${app.id}` })).statusCode,
      204,
    );
    assert.equal((await owner.get(`/api/v1/developer_apps/${app.id}/metrics`)).statusCode, 404);
    assert.equal((await staff.get(`/api/v1/developer_apps/${app.id}/metrics`)).statusCode, 200);
  });

  test("the previous period: the sums of the days just before the range, as long, as that window's own report", async () => {
    const ago = (days: number) => new Date(t.clock.now().getTime() - days * DAY).toISOString();
    const app = (await createAppAs(owner, 'Previous Period')).id;
    const url = (query: string) => `/api/v1/developer_apps/${app}/metrics${query}`;
    const posted = await postEvents(t, [
      appEvent(app, { company_id: 'earlier-1', occurred_at: ago(40) }),
      appEvent(app, { company_id: 'earlier-2', occurred_at: ago(35) }),
      appEvent(app, { company_id: 'earlier-1', type: 'uninstall', occurred_at: ago(33) }),
      appEvent(app, { company_id: 'earlier-3', occurred_at: ago(61) }),
      appEvent(app, { company_id: 'now-1', occurred_at: ago(0) }),
    ]);
    assert.equal(posted.statusCode, 202, posted.body);
    const report = (await owner.get(url('?range=30'))).json();
    const previous = report.previous_period;
    assert.equal(previous.from, ago(59).slice(0, 10));
    assert.equal(previous.to, ago(30).slice(0, 10));
    assert.equal(previous.installs, 2);
    assert.equal(previous.uninstalls, 1);
    const window = (await owner.get(url(`?from=${previous.from}&to=${previous.to}`))).json();
    assert.deepEqual(previous, {
      from: previous.from,
      to: previous.to,
      installs: window.daily_app_installations_aggregates.total_count,
      uninstalls: window.daily_app_uninstallations_aggregates.total_count,
      visits: window.daily_marketplace_app_views_aggregates.total_count,
      page_views: window.daily_marketplace_app_page_views_aggregates.total_count,
    });
    // All time has no period before it.
    assert.equal((await owner.get(url('?range=all'))).json().previous_period, null);
  });

  test('bad spans are refused in the one error shape', async () => {
    const cases: Array<[string, string, string]> = [
      ['?from=2026-02-30', 'from', 'From must be a real date in the format YYYY-MM-DD'],
      ['?to=yesterday', 'to', 'To must be a real date in the format YYYY-MM-DD'],
      ['?from=2026-03-02&to=2026-03-01', 'from', 'From must not be after To'],
      ['?from=2020-01-01&to=2026-01-01', 'from', 'At most 731 days can be asked for at once'],
    ];
    for (const [query, field, message] of cases) {
      const res = await owner.get(metricsUrl(query));
      assert.equal(res.statusCode, 422, `${query}: ${res.body}`);
      assert.equal(res.json().code, 'validation_failed');
      assert.deepEqual(res.json().fields[field], [message], query);
    }
  });
});

describe('installations.csv', () => {
  const csvUrl = () => `/api/v1/developer_apps/${appId}/installations.csv`;

  test("the app's people and staff download the header row when nothing was installed", async () => {
    for (const client of [owner, collaborator, staff]) {
      const res = await client.get(csvUrl());
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
      assert.equal(res.headers['content-disposition'], `attachment; filename="${appId}-installations.csv"`);
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.equal(
        res.body,
        'id,company_name,company_is_demo,user_email_address,procore_updated_at,status\r\n',
      );
    }
  });

  test('strangers are told it does not exist; signed-out visitors must sign in', async () => {
    const res = await stranger.get(csvUrl());
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, 'not_found');
    assert.equal((await t.client().get(csvUrl())).statusCode, 401);
    assert.equal((await staff.get('/api/v1/developer_apps/not-an-id/installations.csv')).statusCode, 404);
  });

  test('a deleted app: staff still download it, its people no longer', async () => {
    const app = await createAppAs(owner, 'Deleted CSV');
    await owner.request({ method: 'DELETE', url: `/api/v1/developer_apps/${app.id}` });
    const url = `/api/v1/developer_apps/${app.id}/installations.csv`;
    assert.equal((await owner.get(url)).statusCode, 404);
    assert.equal((await staff.get(url)).statusCode, 200);
  });

  test("both app pages' {app page}/installations.csv send the browser on to the API route", async () => {
    for (const page of [`/developer_apps/${appId}`, `/admin/developer_apps/${appId}`]) {
      const res = await t.app.inject({ method: 'GET', url: `${page}/installations.csv` });
      assert.equal(res.statusCode, 302, page);
      assert.equal(res.headers.location, csvUrl());
    }
  });
});
