import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, type TestApp, type TestClient } from '../test/helpers.ts';
import { seedAnnouncements } from './announcements.seed.ts';

let t: TestApp;
let admin: TestClient;
let adminUser: { id: string; email: string };
before(async () => {
  t = await createTestApp({ timeZone: 'America/New_York' });
  const created = await t.asNewUser({ role: 'admin', name: 'Avery Admin' });
  admin = created.client;
  adminUser = created.user;
});
after(() => t.close());

test('the seeder creates normal, critical, draft and scheduled announcements through the service', async () => {
  t.clock.set('2031-01-01T12:00:00Z');
  await seedAnnouncements(t.ctx, { admin: adminUser });
  const rows = (await admin.get('/api/v1/admin/notifications?per_page=5')).json();
  assert.equal(rows.length, 5);
  assert.equal(rows.filter((r: { critical: boolean }) => r.critical).length, 1);
  assert.equal(rows.filter((r: { draft: boolean }) => r.draft).length, 1);
  assert.equal(rows.filter((r: { visible_by_show_after: boolean }) => !r.visible_by_show_after).length, 1);
});
