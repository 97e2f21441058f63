import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useTestApp } from '../test/helpers.ts';
import { seedDeveloperApps } from './apps.seed.ts';
import { seedManifests } from './manifests.seed.ts';
import { seedMarketplace } from './marketplace.seed.ts';

const t = useTestApp();

test('the demo has one published listing (with generated images and a video) and one in review', async () => {
  const developer = await t.asNewUser();
  const admin = await t.asNewUser({ role: 'admin' });
  await seedDeveloperApps(t.ctx, { developer: developer.user });
  await seedManifests(t.ctx, { developer: developer.user, admin: admin.user });
  await seedMarketplace(t.ctx, { developer: developer.user, admin: admin.user });

  const listed = (await t.client().get('/api/v1/marketplace/apps')).json();
  assert.deepEqual(
    listed.map((row: { public_name: string }) => row.public_name),
    ['Field Sync'],
  );
  const page = (await t.client().get(`/api/v1/marketplace/apps/${listed[0].slug}`)).json();
  assert.equal(page.pictures.length, 3);
  const shot = await t.client().get(page.pictures[0].url);
  assert.equal(shot.statusCode, 200);
  assert.equal(shot.headers['content-type'], 'image/png');
  assert.equal((await t.client().get(page.small_logo_url)).statusCode, 200);
  assert.equal((await t.client().get(page.showcase_video.url)).headers['content-type'], 'video/mp4');

  const apps = (await developer.client.get('/api/v1/developer_apps')).json();
  const fieldSync = apps.find((app: { internal_name: string }) => app.internal_name === 'Field Sync');
  const published = (await developer.client.get(`/api/v1/developer_apps/${fieldSync.id}/submissions`)).json();
  assert.ok(published.published_app.app_version_id, 'the listing names its production version');
  assert.ok(published.published_app.app_version);
  // Field Sync's listing is live, so the app is published (issue 22), with the listing's name.
  const single = (await developer.client.get(`/api/v1/developer_apps/${fieldSync.id}`)).json();
  assert.equal(single.published_at, published.published_app.published_at);
  assert.equal(single.listing_name, 'Field Sync');
  assert.equal(fieldSync.published, true);
  const importer = apps.find((app: { internal_name: string }) => app.internal_name === 'Punch List Importer');
  const other = (await developer.client.get(`/api/v1/developer_apps/${importer.id}`)).json();
  assert.deepEqual([other.published_at, other.marketplace_enabled], [null, true]);
  const listing = (await developer.client.get(`/api/v1/developer_apps/${importer.id}/submissions`)).json();
  assert.equal(listing.published_app, null);
  assert.equal(listing.unpublished_app.state, 'in_review');
  assert.equal(listing.unpublished_app.pictures.length, 3);
});
