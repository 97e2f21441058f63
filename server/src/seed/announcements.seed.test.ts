import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { seedAnnouncements } from './announcements.seed.ts';

let t: TestApp;
before(async () => {
  // New York, like the announcements' own tests: a date-only show-after opens at 04:00 or 05:00 UTC.
  t = await createTestApp({ timeZone: 'America/New_York' });
});
after(() => t.close());

test('the seeder creates normal, critical, draft and scheduled announcements through the service', async () => {
  const admin = await t.asNewUser({ role: 'admin' });
  t.clock.set('2031-01-01T12:00:00Z');
  await seedAnnouncements(t.ctx, { admin: admin.user });
  const rows = (await admin.client.get('/api/v1/admin/notifications?per_page=5')).json();
  assert.equal(rows.length, 5);
  assert.equal(rows.filter((r: { critical: boolean }) => r.critical).length, 1);
  assert.equal(rows.filter((r: { draft: boolean }) => r.draft).length, 1);
  assert.equal(rows.filter((r: { visible_by_show_after: boolean }) => !r.visible_by_show_after).length, 1);
});
