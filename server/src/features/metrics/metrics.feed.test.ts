import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { createAppAs } from '../apps/testing.ts';
import { CSV_BATCH_ROWS } from './metrics.feed.ts';
import { appEvent, postEvents } from './testing.ts';

let t: TestApp;
let owner: TestClient;
let staff: TestClient;
let appId: string;
const HEADER = 'id,company_name,company_is_demo,user_email_address,procore_updated_at,status';

before(async () => {
  t = await createTestApp();
  owner = (await t.asNewUser()).client;
  staff = (await t.asNewUser({ role: 'admin' })).client;
  appId = (await createAppAs(owner, 'Feed App')).id;
  const res = await postEvents(t, [
    appEvent(appId, {
      id: 'f-1',
      company_id: 'c1',
      company_name: '=HYPERLINK("http://evil.example","x")',
      user_email_address: 'one@c1.example',
      occurred_at: '2026-03-01T10:00:00.000Z',
    }),
    appEvent(appId, {
      id: 'f-2',
      company_id: 'c2',
      company_name: 'Acme, Inc.',
      company_is_demo: true,
      user_email_address: 'two@c2.example',
      occurred_at: '2026-03-02T10:00:00.000Z',
    }),
    appEvent(appId, {
      id: 'f-3',
      type: 'uninstall',
      company_id: 'c1',
      company_name: '=HYPERLINK("http://evil.example","x")',
      user_email_address: 'one@c1.example',
      occurred_at: '2026-03-03T10:00:00.000Z',
    }),
  ]);
  assert.equal(res.json().accepted, 3, res.body);
});
after(() => t.close());

const csv = (client: TestClient) => client.get(`/api/v1/developer_apps/${appId}/installations.csv`);

describe('developer and staff answers', () => {
  test('the CSV, exact: formula-safe cells; e-mails in staff’s file only (checked in the bytes)', async () => {
    const feed = (await staff.get(`/api/v1/developer_apps/${appId}/installations`)).json();
    const [c1, c2] = [feed[0].id, feed[1].id];
    const row1 = (email: string) =>
      `${c1},"'=HYPERLINK(""http://evil.example"",""x"")",false,${email},2026-03-03T10:00:00.000Z,uninstalled`;
    const row2 = (email: string) => `${c2},"Acme, Inc.",true,${email},2026-03-02T10:00:00.000Z,installed`;
    const staffFile = await csv(staff);
    assert.equal(staffFile.statusCode, 200);
    assert.equal(staffFile.headers['content-type'], 'text/csv; charset=utf-8');
    assert.equal(staffFile.body, `${HEADER}\r\n${row1('one@c1.example')}\r\n${row2('two@c2.example')}\r\n`);
    const developerFile = await csv(owner);
    assert.equal(developerFile.body, `${HEADER}\r\n${row1('')}\r\n${row2('')}\r\n`);
    assert.equal(developerFile.rawPayload.includes(Buffer.from('@')), false);
  });

  test('the payload and the feed: e-mails for staff, never for the app’s people', async () => {
    const url = `/api/v1/developer_apps/${appId}/metrics?from=2026-03-01&to=2026-03-31`;
    const mine = await owner.get(url);
    assert.equal(mine.body.includes('@'), false);
    assert.deepEqual(
      mine
        .json()
        .app_installations.rows.map((row: { user_email_address: string | null }) => row.user_email_address),
      [null, null],
    );
    assert.equal(mine.json().app_installations.total_count, 2);
    assert.deepEqual(mine.json().daily_app_installations_aggregates, {
      rows: [
        { date: '2026-03-01', count: 1 },
        { date: '2026-03-02', count: 1 },
      ],
      total_count: 2,
    });
    assert.deepEqual(mine.json().daily_app_uninstallations_aggregates.total_count, 1);
    const theirs = (await staff.get(url)).json();
    assert.deepEqual(
      theirs.app_installations.rows.map(
        (row: { user_email_address: string | null }) => row.user_email_address,
      ),
      ['one@c1.example', 'two@c2.example'],
    );
    const feed = await owner.get(
      `/api/v1/developer_apps/${appId}/installations?sort=company_name&per_page=1`,
    );
    assert.equal(feed.headers.total, '2');
    assert.match(String(feed.headers.link), /rel="next"/);
    assert.equal(feed.body.includes('@'), false);
    assert.deepEqual(
      feed.json().map((row: { company_name: string }) => row.company_name),
      ['=HYPERLINK("http://evil.example","x")'],
    );
  });
});

test('the CSV streams every installation over several keyset batches, newest first', async () => {
  const big = (await createAppAs(owner, 'Big Feed')).id;
  const total = CSV_BATCH_ROWS + 150;
  const base = Date.parse('2026-01-01T00:00:00Z');
  for (let start = 0; start < total; start += 1000) {
    const events = Array.from({ length: Math.min(1000, total - start) }, (_, k) =>
      appEvent(big, {
        id: `big-${start + k}`,
        company_id: `big-${start + k}`,
        company_name: `Company ${start + k}`,
        // Pairs share an instant: the id breaks the tie between batches.
        occurred_at: new Date(base + Math.floor((start + k) / 2) * 60_000).toISOString(),
      }),
    );
    assert.equal((await postEvents(t, events)).json().accepted, events.length);
  }
  const res = await owner.get(`/api/v1/developer_apps/${big}/installations.csv`);
  const lines = res.body.trimEnd().split('\r\n');
  assert.equal(lines.length, total + 1);
  const names = lines.slice(1).map((line) => line.split(',')[1]);
  assert.equal(new Set(names).size, total, 'no row twice, none skipped');
  const times = lines.slice(1).map((line) => line.split(',')[4]!);
  assert.deepEqual(times, [...times].sort().reverse());
});
