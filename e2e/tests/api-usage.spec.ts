// Issue 26 "Usage": the app page's API usage panel. The demo seed counts 30 days of Field Sync's
// platform API calls through the real recorder (recordApiUsage, then a flush); the developer reads them
// as a chart, a paged table and a CSV, on both app pages, and axe finds nothing in the panel.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { DEVELOPER_EMAIL } from '../support/env.ts';
import { signIn } from '../support/session.ts';

const COLUMNS = ['Date', 'Response Code', 'HTTP Method', 'Normalized Route', 'Count'];

async function fieldSyncId(page: Page) {
  const apps = (await (
    await page.request.get('/api/v1/developer_apps?filters[search]=Field Sync')
  ).json()) as { id: string; internal_name: string }[];
  return apps.find((app) => app.internal_name === 'Field Sync')!.id;
}

const rowCells = (page: Page) =>
  page
    .getByRole('table', { name: 'API calls per day, response code, method and route' })
    .getByRole('row')
    .nth(1)
    .getByRole('cell')
    .allTextContents();

test('the developer reads the app’s API usage: chart, table by date and by count, the CSV; axe-clean', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, DEVELOPER_EMAIL);
  const appId = await fieldSyncId(page);
  const api = await page.request.get(`/api/v1/developer_apps/${appId}/api_usage?per_page=1`);
  const total = Number(api.headers().total);
  expect(total).toBeGreaterThan(25); // more than one page
  const newest = (await api.json())[0];

  await page.goto(`/developer_apps/${appId}`);
  const panel = page.getByRole('region', { name: 'API usage' });
  await expect(panel.getByText(/^\d+ calls from \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/)).toBeVisible();
  await expect(
    panel.getByRole('img', { name: 'Platform API calls per day by outcome, last 30 days' }),
  ).toBeVisible();
  const table = panel.getByRole('table', { name: 'API calls per day, response code, method and route' });
  await expect(table.getByRole('columnheader')).toHaveText(COLUMNS);
  await expect(table.getByRole('row')).toHaveCount(26); // the header and 25 rows
  expect((await rowCells(page))[0]).toBe(newest.date);

  // Count: ascending, then descending — the busiest route of a day first.
  const busiest = (
    await (await page.request.get(`/api/v1/developer_apps/${appId}/api_usage?sort=-count&per_page=1`)).json()
  )[0];
  await table.getByRole('button', { name: 'Count' }).click();
  await expect(table.getByRole('columnheader', { name: 'Count' })).toHaveAttribute('aria-sort', 'ascending');
  await table.getByRole('button', { name: 'Count' }).click();
  await expect(table.getByRole('columnheader', { name: 'Count' })).toHaveAttribute('aria-sort', 'descending');
  await expect
    .poll(() => rowCells(page))
    .toEqual([
      busiest.date,
      String(busiest.status),
      busiest.method,
      busiest.route,
      busiest.count.toLocaleString('en-US'),
    ]);
  await panel
    .getByRole('navigation', { name: 'API usage pages' })
    .getByRole('button', { name: 'Next' })
    .click();
  await expect(table.getByRole('row')).toHaveCount(26);

  const axe = await new AxeBuilder({ page })
    .include('section[aria-labelledby="api-usage-title"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );

  // The CSV: exactly the five columns, then one line per counted row.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${appId}-api-usage.csv`);
  const file = await (await download.createReadStream()).toArray();
  const lines = Buffer.concat(file).toString('utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe(COLUMNS.join(','));
  expect(lines).toHaveLength(total + 1);
  expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2},\d{3},GET,\/rest\/v1\.0\/(me|companies),\d+$/);
});

test('the tabbed app page shows the panel under OAuth Credentials', async ({ page }) => {
  await signIn(page, DEVELOPER_EMAIL);
  const appId = await fieldSyncId(page);
  await page.evaluate(() => window.localStorage.setItem('developer-apps-beta-forced', 'true'));
  await page.goto(`/developer_apps/${appId}?tab=oauthCredentials`);
  const panel = page.getByRole('region', { name: 'API usage' });
  await expect(
    panel.getByRole('table', { name: 'API calls per day, response code, method and route' }),
  ).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Download CSV' })).toBeVisible();
});
