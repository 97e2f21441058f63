import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';

let t: TestApp;
let admin: TestClient;
let adminEmail: string;
let developer: TestClient;
before(async () => {
  t = await createTestApp();
  const created = await t.asNewUser({ role: 'admin', name: 'Avery Admin' });
  admin = created.client;
  adminEmail = created.user.email;
  developer = (await t.asNewUser()).client;
});
after(() => t.close());

const N = '/api/v1/admin/notifications';
const valid = { title: 'API v2 is live', summary: 'Read the changes.', body: '# Changes', draft: true };

const audit = async (id: string, action: string) => {
  const res = await admin.get(`/api/v1/admin/audit?filters[subject_id]=${id}&filters[action]=${action}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as Array<{
    actor_email: string;
    action: string;
    subject_type: string;
    subject_id: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    created_at: string;
  }>;
};

test('creating, editing and deleting an announcement is recorded with actor, time and before/after', async () => {
  t.clock.set('2031-02-03T10:00:00Z');
  const created = await admin.post(N, valid);
  assert.equal(created.statusCode, 201, created.body);
  const id = created.json().id as string;
  const [create] = await audit(id, 'announcement.create');
  assert.equal(create?.actor_email, adminEmail);
  assert.equal(create?.subject_type, 'announcement');
  assert.equal(create?.created_at, '2031-02-03T10:00:00.000Z');
  // What it was created with (a field left empty, show_after here, is not a change).
  assert.deepEqual(create?.before, { title: null, summary: null, body: null, critical: null, draft: null });
  assert.deepEqual(create?.after, {
    title: 'API v2 is live',
    summary: 'Read the changes.',
    body: '# Changes',
    critical: false,
    draft: true,
  });

  // Only the changed fields; an edit that changes nothing writes nothing.
  t.clock.set('2031-02-03T11:00:00Z');
  const edited = await admin.patch(`${N}/${id}`, { title: 'API v2 is out', draft: false });
  assert.equal(edited.statusCode, 200, edited.body);
  assert.equal((await admin.patch(`${N}/${id}`, { title: 'API v2 is out' })).statusCode, 200);
  const updates = await audit(id, 'announcement.update');
  assert.equal(updates.length, 1);
  assert.deepEqual(updates[0]?.before, { title: 'API v2 is live', draft: true });
  assert.deepEqual(updates[0]?.after, { title: 'API v2 is out', draft: false });
  assert.equal(updates[0]?.created_at, '2031-02-03T11:00:00.000Z');

  // Deleting keeps what was there (an hour later: the history is newest first).
  t.clock.set('2031-02-03T12:00:00Z');
  assert.equal((await admin.delete(`${N}/${id}`)).statusCode, 204);
  const [deleted] = await audit(id, 'announcement.delete');
  assert.equal(deleted?.actor_email, adminEmail);
  assert.equal(deleted?.before.title, 'API v2 is out');
  assert.equal(deleted?.before.body, '# Changes');
  assert.equal(deleted?.after.title, null);

  // The whole history, newest first; the log is for staff only.
  const all = (await admin.get(`/api/v1/admin/audit?filters[subject_id]=${id}`)).json();
  assert.deepEqual(
    all.map((event: { action: string }) => event.action),
    ['announcement.delete', 'announcement.update', 'announcement.create'],
  );
  assert.equal((await developer.get(`/api/v1/admin/audit?filters[subject_id]=${id}`)).statusCode, 403);
});

test('refused changes record nothing', async () => {
  const id = (await admin.post(N, { ...valid, critical: true })).json().id as string;
  const refused = await admin.patch(`${N}/${id}`, { draft: true });
  assert.equal(refused.statusCode, 422);
  assert.deepEqual(await audit(id, 'announcement.update'), []);
  assert.equal((await developer.delete(`${N}/${id}`)).statusCode, 403);
  assert.deepEqual(await audit(id, 'announcement.delete'), []);
});
