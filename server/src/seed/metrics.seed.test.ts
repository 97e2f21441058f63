import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { seedDeveloperApps } from './apps.seed.ts';
import { seedMetrics } from './metrics.seed.ts';
import { seedUsage } from './usage.seed.ts';

let t: TestApp;
let developer: Awaited<ReturnType<TestApp['asNewUser']>>;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

test('the demo: both apps have ~120 days of installs, some uninstalls, two demo companies and visits', async () => {
  developer = await t.asNewUser();
  await seedDeveloperApps(t.ctx, { developer: developer.user });
  await seedMetrics(t.ctx, { developer: developer.user });
  const apps = (await developer.client.get('/api/v1/developer_apps')).json();
  for (const name of ['Field Sync', 'Punch List Importer']) {
    const app = apps.find((row: { internal_name: string }) => row.internal_name === name);
    assert.equal((await developer.client.get(`/api/v1/developer_apps/${app.id}`)).json().has_metrics, true);
    const report = (await developer.client.get(`/api/v1/developer_apps/${app.id}/metrics?range=365`)).json();
    assert.ok(report.daily_app_installations_aggregates.total_count >= 8, name);
    assert.ok(report.daily_marketplace_app_views_aggregates.rows.length >= 119, name);
    const feed = (
      await developer.client.get(`/api/v1/developer_apps/${app.id}/installations?per_page=100`)
    ).json();
    const demo = feed.filter((row: { company_is_demo: boolean }) => row.company_is_demo);
    assert.ok(demo.length >= 1, name);
  }
  const fieldSync = apps.find((row: { internal_name: string }) => row.internal_name === 'Field Sync');
  const report = (
    await developer.client.get(`/api/v1/developer_apps/${fieldSync.id}/metrics?range=365`)
  ).json();
  assert.ok(report.daily_app_uninstallations_aggregates.total_count >= 1, 'some uninstalls');
  const feed = (
    await developer.client.get(`/api/v1/developer_apps/${fieldSync.id}/installations?per_page=100`)
  ).json();
  assert.deepEqual(
    feed
      .filter((row: { company_is_demo: boolean }) => row.company_is_demo)
      .map((row: { company_name: string }) => row.company_name)
      .sort(),
    ['Demo Construction Co', 'Sandbox General Contractors'],
  );
  // Seeding twice (a restart never reseeds, but if it did) changes nothing: the event ids are fixed.
  const before = report.daily_app_installations_aggregates.total_count;
  await seedMetrics(t.ctx, { developer: developer.user });
  const again = (
    await developer.client.get(`/api/v1/developer_apps/${fieldSync.id}/metrics?range=365`)
  ).json();
  assert.equal(again.daily_app_installations_aggregates.total_count, before);
});

test('the demo’s API usage (issue 26): 30 days of Field Sync’s calls, by route, method and code', async () => {
  await seedUsage(t.ctx, { developer: developer.user });
  const apps = (await developer.client.get('/api/v1/developer_apps')).json();
  const fieldSync = apps.find((row: { internal_name: string }) => row.internal_name === 'Field Sync');
  const daily = (await developer.client.get(`/api/v1/developer_apps/${fieldSync.id}/api_usage/daily`)).json();
  assert.ok(daily.days.filter((day: { successful: number }) => day.successful > 0).length >= 25);
  assert.ok(
    daily.days.some((day: { client_errors: number }) => day.client_errors > 0),
    'some 4xx',
  );
  const rows = await developer.client.get(`/api/v1/developer_apps/${fieldSync.id}/api_usage?per_page=100`);
  assert.ok(Number(rows.headers.total) >= 60, String(rows.headers.total));
  const routes = new Set(rows.json().map((row: { route: string }) => row.route));
  assert.deepEqual([...routes].sort(), ['/rest/v1.0/companies', '/rest/v1.0/me']);
});
