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
  // Time passes between the seeder's calls, as it does on a real start.
  const ticking = {
    now: () => {
      t.clock.advance(1_000);
      return t.clock.now();
    },
  };
  await seedAnnouncements({ ...t.ctx, clock: ticking }, { admin: admin.user });
  const rows = (await admin.client.get('/api/v1/admin/notifications?per_page=10')).json();
  assert.equal(rows.length, 6);
  assert.equal(rows.filter((r: { critical: boolean }) => r.critical).length, 1);
  assert.equal(rows.filter((r: { draft: boolean }) => r.draft).length, 1);
  assert.equal(rows.filter((r: { visible_by_show_after: boolean }) => !r.visible_by_show_after).length, 1);

  // What a developer who has just signed up sees first: the welcome and the getting-started steps,
  // and nothing that asks them to act on credentials they do not have.
  const { client } = await t.asNewUser();
  const seen = (await client.get('/api/v1/notifications')).json() as Array<{ title: string }>;
  assert.deepEqual(
    seen.map((row) => row.title),
    [
      'Welcome to the Developer Portal',
      'Getting started: from sandbox to marketplace',
      'New: filter webhooks by project and resource',
      'Refresh tokens are single-use',
    ],
  );
  for (const row of rows) assert.doesNotMatch(row.title, /action required|rotate/i);
});
