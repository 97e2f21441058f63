/**
 * Round trips to the database per signed-in list request, pinned: a per-row query, or one more
 * statement per page, fails here before it shows in the bench (docs/benchmarks.md). Counted warm
 * (the session cached, as under traffic), with the clock moved between requests as a server's does.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createAppAs } from '../features/apps/testing.ts';
import { createTestApp, type TestApp, type TestClient } from './helpers.ts';
import { countRoundTrips } from './round-trips.ts';

let t: TestApp;
let admin: TestClient;

before(async () => {
  t = await createTestApp();
  admin = (await t.asNewUser({ role: 'admin' })).client;
});
after(() => t.close());

/** The statements one warm request sends. */
async function roundTrips(client: TestClient, url: string) {
  return (await statements(client, url)).count;
}

/** The statements one warm request sends, how many of them by name, and their texts. */
async function statements(client: TestClient, url: string) {
  assert.equal((await client.get(url)).statusCode, 200);
  t.clock.advance(1000);
  let status = 0;
  const counted = await countRoundTrips(t.ctx.db, async () => {
    status = (await client.get(url)).statusCode;
  });
  assert.equal(status, 200);
  return counted;
}

describe('My Apps', () => {
  test('a short page: its keys with their rows, one statement (the page is the whole list: nothing counted)', async () => {
    const { client } = await t.asNewUser();
    for (let i = 0; i < 4; i++) await createAppAs(client, `Short ${i}`);
    assert.equal(await roundTrips(client, '/api/v1/developer_apps?per_page=25'), 1);
  });

  test('a full first page: keys, rows and the kept total in one statement — the same for 3 rows as for 25; a later page reads the total first', async () => {
    const { client } = await t.asNewUser();
    for (let i = 0; i < 4; i++) await createAppAs(client, `Full ${i}`);
    assert.equal(await roundTrips(client, '/api/v1/developer_apps?per_page=3'), 1);
    for (let i = 4; i < 26; i++) await createAppAs(client, `Full ${i}`);
    assert.equal(await roundTrips(client, '/api/v1/developer_apps?per_page=25'), 1);
    // Page 2 is placed by the total: read first.
    assert.equal(await roundTrips(client, '/api/v1/developer_apps?per_page=25&page=2'), 2);
  });
});

test("notifications: keys, total and the rows with the reader's marks in one statement, by name", async () => {
  for (let i = 0; i < 3; i++) {
    const res = await admin.post('/api/v1/admin/notifications', {
      title: `Notice ${i}`,
      summary: 's',
      body: 'b',
    });
    assert.equal(res.statusCode, 201, res.body);
  }
  const { client } = await t.asNewUser();
  const sent = await statements(client, '/api/v1/notifications?per_page=25');
  assert.equal(sent.count, 1);
  // The read marks are primary-key lookups per row, so the plan suits any reader.
  assert.equal(sent.named, 1);
  // A search's plan depends on its pattern: planned each time.
  const searched = await statements(client, '/api/v1/notifications?per_page=25&filters[search]=Notice');
  assert.deepEqual([searched.count, searched.named], [1, 0]);
});

test('the admin apps list: keys, total and the rows with their owners in one statement', async () => {
  assert.equal(await roundTrips(admin, '/api/v1/admin/developer_apps?per_page=25'), 1);
});

test('one app: its access with the owner, then one read for each part of the page', async () => {
  const { client } = await t.asNewUser();
  const app = await createAppAs(client, 'One app');
  // people, sandbox, credentials, listing name, metrics (any view or event, one statement)
  const sent = await statements(client, `/api/v1/developer_apps/${app.id}`);
  assert.equal(sent.count, 6);
  // Each by a key (the app's id, its unique sandbox), so each by name, its plan kept (db/prepared.ts);
  // the metrics look for any of an app's events, which number from none to millions: planned each time.
  assert.equal(sent.named, 5, sent.texts.join('\n'));
});

test('My Apps and the admin apps list keep their plans; a search, an owner filter are planned each time', async () => {
  const { client } = await t.asNewUser();
  for (let i = 0; i < 2; i++) await createAppAs(client, `Named ${i}`);
  const named = async (who: TestClient, url: string) => {
    const sent = await statements(who, url);
    return [sent.count, sent.named];
  };
  // [statements, of them by name]: the page's keys with its rows.
  assert.deepEqual(await named(client, '/api/v1/developer_apps?per_page=25'), [1, 1]);
  assert.deepEqual(await named(client, '/api/v1/developer_apps?per_page=25&filters[search]=Named'), [1, 0]);
  assert.deepEqual(await named(admin, '/api/v1/admin/developer_apps?per_page=25'), [1, 1]);
  assert.deepEqual(
    await named(admin, '/api/v1/admin/developer_apps?per_page=25&filters[search]=Named'),
    [1, 0],
  );
  const { id } = JSON.parse((await client.get('/api/v1/me')).body) as { id: string };
  assert.deepEqual(
    await named(admin, `/api/v1/admin/developer_apps?per_page=25&filters[owner_id][]=${id}`),
    [1, 0],
  );
});
