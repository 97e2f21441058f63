import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { seedDeveloperApps } from './apps.seed.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

test('the demo developer owns a live, approved app and a pending one', async () => {
  const { user, client } = await t.asNewUser();
  await seedDeveloperApps(t.ctx, { developer: user });
  const list = (await client.get('/api/v1/developer_apps')).json();
  assert.deepEqual(
    list
      .map((a: { internal_name: string; production_access: string }) => [
        a.internal_name,
        a.production_access,
      ])
      .sort(),
    [
      ['Field Sync', 'production_approved'],
      ['Punch List Importer', 'production_pending'],
    ],
  );
  const live = list.find((a: { internal_name: string }) => a.internal_name === 'Field Sync');
  const app = (await client.get(`/api/v1/developer_apps/${live.id}`)).json();
  assert.equal(app.sandbox.status, 'live');
  assert.ok(app.credentials.client_id);
});
