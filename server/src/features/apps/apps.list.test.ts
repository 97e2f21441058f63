import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { assertPaged, assertPagedOverCap, assertRefusesBadPaging } from '../../platform/list/testkit.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { addMember, createAppAs } from './testing.ts';

let t: TestApp;
let me: TestClient;
/** My apps, newest membership first. */
let mine: Array<{ id: string; name: string }>;

before(async () => {
  t = await createTestApp();
  const created = await t.asNewUser();
  me = created.client;
  const other = await t.asNewUser();
  const names = ['Field Sync', 'Punch List Bridge', 'Daily Logs Export', 'RFI Mirror', 'Budget Sync'];
  mine = [];
  for (let i = 0; i < 12; i++) {
    const name = `${names[i % names.length]} ${i}`;
    mine.unshift({ id: (await createAppAs(me, name)).id, name });
  }
  // Someone else's apps stay out, except the one I am added to (it becomes my newest).
  await createAppAs(other.client, 'Not Mine');
  const shared = await createAppAs(other.client, 'Shared Sync');
  await addMember(t, shared.id, created.user.id, 'developer');
  mine.unshift({ id: shared.id, name: 'Shared Sync' });
  // A deleted app leaves the list.
  const gone = await createAppAs(me, 'Deleted Sync');
  assert.equal((await me.delete(`/api/v1/developer_apps/${gone.id}`)).statusCode, 204);
});
after(() => t.close());

const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);

test('My Apps is paged (25 by default) with headers and cursors', async () => {
  await assertPaged(me, '/api/v1/developer_apps', ids(mine), 5);
  const res = await me.get('/api/v1/developer_apps');
  assert.equal(res.headers['per-page'], '25');
  assert.equal(res.headers.total, String(mine.length));
  assert.equal(res.json()[0].role, 'developer');
  assert.equal(res.json()[1].role, 'owner');
});

test('past the exact-count cap every app is still listed once', async () => {
  await t.withLimits({ exactCount: 4 }, () =>
    assertPagedOverCap(me, '/api/v1/developer_apps', ids(mine), 5, 4),
  );
});

test('filters[search] matches part of a name', async () => {
  const sync = mine.filter((app) => /sync/i.test(app.name));
  assert.ok(sync.length >= 5);
  await assertPaged(me, '/api/v1/developer_apps?filters[search]=SYNC', ids(sync), 2);
  const res = await me.get('/api/v1/developer_apps?filters[search]=mine');
  assert.deepEqual(res.json(), [], "another user's app is never found");
});

test('search follows renames (public and internal name), and a newly shared app', async () => {
  const target = mine.find((app) => app.name === 'RFI Mirror 3')!;
  const renamed = await me.patch(`/api/v1/developer_apps/${target.id}`, { name: 'Submittal Hub' });
  assert.equal(renamed.statusCode, 200, renamed.body);
  const found = async (term: string) =>
    (await me.get(`/api/v1/developer_apps?filters[search]=${encodeURIComponent(term)}`))
      .json()
      .map((row: { id: string }) => row.id);
  assert.deepEqual(await found('submittal'), [target.id]);
  assert.deepEqual(await found('rfi mirror 3'), [target.id], 'the internal name still matches');
  await me.patch(`/api/v1/developer_apps/${target.id}`, { internal_name: 'Change Orders' });
  assert.deepEqual(await found('rfi mirror 3'), []);
  assert.deepEqual(await found('change ord'), [target.id]);
  assert.deepEqual(await found('orders submittal'), [], 'the two names are not one string');
});

test('bad paging is refused', async () => {
  await assertRefusesBadPaging(me, '/api/v1/developer_apps', 100, ['filters[search]=x']);
});
