import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { createAppAs } from '../apps/testing.ts';

let t: TestApp;
let staff: TestClient;
let owner: { user: { id: string; email: string }; client: TestClient };
const V = '/api/v1/admin/developer_apps';

before(async () => {
  t = await createTestApp({ sandboxProvisionSeconds: 0 });
  staff = (await t.asNewUser({ role: 'admin' })).client;
  owner = await t.asNewUser({ name: 'Olive Owner' });
});
after(() => t.close());

const members = async (appId: string) =>
  (
    (await t.ctx.db.execute(
      sql`select user_id, role from developer_app_members where developer_app_id = ${appId} order by role`,
    )) as unknown as { rows: Array<{ user_id: string; role: string }> }
  ).rows;

test('GET shows the app with its owner (procore id) and sandbox; unknown id is 404', async () => {
  const app = await createAppAs(owner.client, 'Crane Log');
  await t.drainJobs();
  const res = await staff.get(`${V}/${app.id}`);
  assert.equal(res.statusCode, 200);
  const body = res.json();
  assert.equal(body.internal_name, 'Crane Log');
  assert.equal(body.owner.email, owner.user.email);
  assert.equal(typeof body.owner.procore_id, 'number');
  assert.equal(body.external_procore_owner_id, body.owner.procore_id);
  assert.equal(body.uid, null);
  assert.equal(body.deleted_at, null);
  assert.equal(body.sandbox.status, 'live');
  assert.equal((await staff.get(`${V}/00000000-0000-4000-8000-000000000000`)).statusCode, 404);
});

test('undelete: a deleted app is shown to staff and PATCH deleted_at null brings it back', async () => {
  const app = await createAppAs(owner.client, 'Gone App');
  assert.equal((await owner.client.delete(`/api/v1/developer_apps/${app.id}`)).statusCode, 204);
  const deleted = (await staff.get(`${V}/${app.id}`)).json();
  assert.match(deleted.deleted_at, /^\d{4}-/);
  assert.equal((await owner.client.get(`/api/v1/developer_apps/${app.id}`)).statusCode, 404);
  const res = await staff.patch(`${V}/${app.id}`, { developer_app: { deleted_at: null } });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().deleted_at, null);
  assert.equal((await owner.client.get(`/api/v1/developer_apps/${app.id}`)).statusCode, 200);
});

test('owner change: the new owner owns the app, the previous owner stays as admin', async () => {
  const app = await createAppAs(owner.client, 'Handover');
  const next = await t.asNewUser({ name: 'Nora Next' });
  const res = await staff.patch(`${V}/${app.id}`, { developer_app: { owner_id: next.user.id } });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().owner.email, next.user.email);
  assert.deepEqual(
    (await members(app.id)).map((m) => [m.user_id, m.role]),
    [
      [owner.user.id, 'admin'],
      [next.user.id, 'owner'],
    ],
  );
  const asNext = (await next.client.get(`/api/v1/developer_apps/${app.id}`)).json();
  assert.equal(asNext.role, 'owner');
  const unknown = await staff.patch(`${V}/${app.id}`, { developer_app: { owner_id: 'nobody' } });
  assert.equal(unknown.statusCode, 422);
  assert.deepEqual(unknown.json().fields, { 'developer_app.owner_id': ['No developer has that id'] });
});

test('settings, marketplace_enabled and the sandbox client; unknown fields refused', async () => {
  const app = await createAppAs(owner.client, 'Settings App');
  await t.drainJobs();
  const res = await staff.patch(`${V}/${app.id}`, {
    developer_app: {
      internal_name: 'Renamed',
      marketplace_enabled: true,
      sandbox_attributes: { redirect_uri: 'https://example.com/callback' },
    },
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().internal_name, 'Renamed');
  assert.equal(res.json().marketplace_enabled, true);
  assert.equal(res.json().sandbox.redirect_uri, 'https://example.com/callback');
  const contact = await staff.patch(`${V}/${app.id}`, {
    developer_app: { contacts: [{ name: 'Ida Integrator', email: 'ida@example.com' }] },
  });
  assert.deepEqual(
    contact.json().contacts.map((c: { name: string; email: string }) => [c.name, c.email]),
    [['Ida Integrator', 'ida@example.com']],
  );
  const bad = await staff.patch(`${V}/${app.id}`, { developer_app: { uid: 'x' } });
  assert.equal(bad.statusCode, 422);
  const blank = await staff.patch(`${V}/${app.id}`, { developer_app: { internal_name: ' ' } });
  assert.equal(blank.statusCode, 422);
  const { client: developer } = await t.asNewUser();
  assert.equal((await developer.patch(`${V}/${app.id}`, { developer_app: {} })).statusCode, 403);
});

test('denying production access sends the reason to the owner', async () => {
  const app = await createAppAs(owner.client, 'Denied App');
  await owner.client.post(`/api/v1/developer_apps/${app.id}/production_access`, { confidential: true });
  const res = await staff.post(`${V}/${app.id}/production_access/deny`, { reason: 'Add a privacy policy' });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal((await staff.get(`${V}/${app.id}`)).json().production_access, 'none');
  await t.drainJobs();
  const mail = (await t.ctx.db.execute(
    sql`select text from mail_outbox where template = 'production_access_denied' order by created_at desc limit 1`,
  )) as unknown as { rows: Array<{ text: string }> };
  assert.match(mail.rows[0]!.text, /Reason: Add a privacy policy/);
});

test('the audit log records owner change, undelete, production decisions and account changes', async () => {
  const app = await createAppAs(owner.client, 'Audited');
  const next = await t.asNewUser({ name: 'Audit Next' });
  await staff.patch(`${V}/${app.id}`, { developer_app: { owner_id: next.user.id } });
  await staff.patch(`${V}/${app.id}`, { developer_app: { internal_name: 'Audited' } }); // no change: no row
  t.clock.advance(1000);
  await next.client.delete(`/api/v1/developer_apps/${app.id}`);
  await staff.patch(`${V}/${app.id}`, { developer_app: { deleted_at: null } });
  t.clock.advance(1000);
  await next.client.post(`/api/v1/developer_apps/${app.id}/production_access`, { confidential: true });
  await staff.post(`${V}/${app.id}/production_access/deny`, { reason: 'No policy' });
  const res = await staff.get(`/api/v1/admin/audit?filters[subject_id]=${app.id}`);
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers.total, '3');
  const events = res.json() as Array<{ action: string; before: object; after: object; actor_email: string }>;
  assert.deepEqual(
    events.map((e) => e.action),
    ['developer_app.production_access_deny', 'developer_app.undelete', 'developer_app.owner_change'],
  );
  assert.deepEqual(events[2]!.before, { owner_email: owner.user.email });
  assert.deepEqual(events[2]!.after, { owner_email: next.user.email });
  assert.deepEqual(events[0]!.after, { production_access: 'none', reason: 'No policy' });
  assert.match(events[0]!.actor_email, /@example\.com$/);

  await staff.patch(`/api/v1/admin/developers/${next.user.id}`, { developer: { role: 'admin' } });
  const roles = await staff.get('/api/v1/admin/audit?filters[action]=developer.role_change');
  assert.deepEqual(roles.json()[0].after, { role: 'admin' });
  const { client: developer } = await t.asNewUser();
  assert.equal((await developer.get('/api/v1/admin/audit')).statusCode, 403);
});
