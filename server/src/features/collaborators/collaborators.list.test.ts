import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { assertPaged, assertPagedOverCap, assertRefusesBadPaging } from '../../platform/list/testkit.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { addMember, createAppAs } from '../apps/testing.ts';

let t: TestApp;
let owner: TestClient;
let appId: string;
/** Owner first, then admins, then developers, each oldest first. */
let members: Array<{ id: string; email: string; name: string | null; role: string }>;
let invitations: Array<{ id: string; email: string }>;

before(async () => {
  t = await createTestApp();
  const created = await t.asNewUser({ name: 'Olive Owner' });
  owner = created.client;
  appId = (await createAppAs(owner)).id;
  const roles = ['developer', 'admin', 'developer', 'developer', 'admin', 'developer', 'developer'] as const;
  for (const [i, role] of roles.entries()) {
    const user = await t.createUser({ name: i % 2 ? `Pat Builder ${i}` : `Sam Coder ${i}` });
    await addMember(t, appId, user.id, role);
  }
  const listed = await owner.get(`/api/v1/collaborators?developer_app_id=${appId}`);
  members = listed.json();
  assert.deepEqual(
    members.map((m) => m.role),
    ['owner', 'admin', 'admin', 'developer', 'developer', 'developer', 'developer', 'developer'],
  );
  invitations = [];
  for (let i = 0; i < 7; i++) {
    t.clock.advance(1000);
    const res = await owner.post('/api/v1/invitations', {
      developer_app_id: appId,
      email: `${i % 2 ? 'partner' : 'contractor'}${i}@example.com`,
      role: 'developer',
    });
    assert.equal(res.statusCode, 201, res.body);
    invitations.push(res.json());
  }
});
after(() => t.close());

const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);

test('collaborators are paged (100 by default, so one page holds an ordinary app)', async () => {
  const url = `/api/v1/collaborators?developer_app_id=${appId}`;
  await assertPaged(owner, url, ids(members), 3);
  assert.equal((await owner.get(url)).headers['per-page'], '100');
  await t.withLimits({ exactCount: 2 }, () => assertPagedOverCap(owner, url, ids(members), 3, 2));
});

test('collaborators: filters[search] matches part of a name or address; bad paging is refused', async () => {
  const url = `/api/v1/collaborators?developer_app_id=${appId}`;
  const builders = members.filter((m) => /builder/i.test(m.name ?? ''));
  assert.equal(builders.length, 3);
  await assertPaged(owner, `${url}&filters[search]=BUILDER`, ids(builders), 2);
  await assertRefusesBadPaging(owner, url, 100, ['filters[search]=pa']);
});

test('pending invitations are paged oldest first and searchable', async () => {
  const url = `/api/v1/invitations?developer_app_id=${appId}`;
  await assertPaged(owner, url, ids(invitations), 3);
  await t.withLimits({ exactCount: 2 }, () => assertPagedOverCap(owner, url, ids(invitations), 2, 2));
  const partners = invitations.filter((i) => i.email.startsWith('partner'));
  await assertPaged(owner, `${url}&filters[search]=partner`, ids(partners), 2);
  await assertRefusesBadPaging(owner, url, 100);
});

test('strangers get 404 and a missing app id is refused', async () => {
  const { client } = await t.asNewUser();
  assert.equal((await client.get(`/api/v1/collaborators?developer_app_id=${appId}`)).statusCode, 404);
  assert.equal((await owner.get('/api/v1/invitations')).statusCode, 422);
});
