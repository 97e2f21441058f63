import assert from 'node:assert/strict';
import { test } from 'node:test';
import { manifestHeaderStatus } from '@portal/contracts';
import { type TestClient, useTestApp } from '../test/helpers.ts';
import { seedDeveloperApps } from './apps.seed.ts';
import { seedManifests } from './manifests.seed.ts';

const t = useTestApp();

async function newest(client: TestClient, appId: string, type: string) {
  const res = await client.get(
    `/api/v1/manifests?filters[developer_app_id]=${appId}&filters[versionable_type]=${type}`,
  );
  return res.json()[0];
}

test('the demo apps have manifest versions: one approved with a newer sandbox version, one in review', async () => {
  const developer = await t.asNewUser();
  const admin = await t.asNewUser({ role: 'admin' });
  await seedDeveloperApps(t.ctx, { developer: developer.user });
  await seedManifests(t.ctx, { developer: developer.user, admin: admin.user });
  const apps = (await developer.client.get('/api/v1/developer_apps')).json() as Array<{
    id: string;
    internal_name: string;
  }>;
  const id = (name: string) => apps.find((app) => app.internal_name === name)!.id;

  const fieldSync = id('Field Sync');
  const [sandbox, production] = [
    await newest(developer.client, fieldSync, 'Sandbox'),
    await newest(developer.client, fieldSync, 'Production'),
  ];
  assert.deepEqual([sandbox.semantic_version, sandbox.promotable], ['0.2.0', true]);
  assert.deepEqual(
    [production.semantic_version, production.state, production.published_to_marketplace],
    ['0.1.0', 'published', true],
  );
  assert.match(production.changelog, /First release/);
  assert.equal(manifestHeaderStatus(sandbox, production).label, 'Ready for Testing');

  const punchList = id('Punch List Importer');
  const inReview = await newest(admin.client, punchList, 'Production');
  assert.deepEqual([inReview.semantic_version, inReview.state], ['1.0.0', 'in_review']);
  assert.equal(await newest(developer.client, punchList, 'Sandbox'), undefined);
});
