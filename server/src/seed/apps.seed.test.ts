import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PNG } from 'pngjs';
import { useTestApp } from '../test/helpers.ts';
import { seedDeveloperApps } from './apps.seed.ts';

const t = useTestApp();

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

  // Field Sync has a logo, uploaded like a browser's file: a square app tile, not a round sign.
  const logo = await client.get(app.thumbnail_url);
  assert.equal(logo.headers['content-type'], 'image/png');
  const png = PNG.sync.read(logo.rawPayload);
  assert.deepEqual([png.width, png.height], [256, 256]);
  const alpha = (x: number, y: number) => png.data[(y * png.width + x) * 4 + 3];
  assert.equal(alpha(0, 0), 0, 'transparent corners');
  for (const [x, y] of [
    [20, 128],
    [128, 20],
    [40, 40],
  ] as const)
    assert.equal(alpha(x, y), 255, `the tile reaches (${x}, ${y}), where a disc would not`);
});
