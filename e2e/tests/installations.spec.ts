// Issue 24: installations from the platform to the developer's report. The test posts a batch of app
// events as the platform's service would, then reads them back as the developer (classic app page →
// View Report → the report at its own path) and as staff (the admin app page's Metrics tab).
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, request, test } from '@playwright/test';
import { createApp } from '../support/api.ts';
import { DEVELOPER_EMAIL, PORTAL_URL, SERVICE_TOKEN } from '../support/env.ts';
import { signIn, staffOnAppTab } from '../support/session.ts';

const DAY = 86_400_000;
const COMPANIES = 60;

type Event = { id: string; type: 'install' | 'uninstall'; daysAgo: number; company: number };

/** 60 companies installing over the last ~300 days; every 7th leaves a day later. */
function fixture(runId: string): Event[] {
  const events: Event[] = [];
  for (let i = 0; i < COMPANIES; i++) {
    const daysAgo = ((i * 5) % 300) + 2;
    events.push({ id: `${runId}-i${i}`, type: 'install', daysAgo, company: i });
    if (i % 7 === 0)
      events.push({ id: `${runId}-u${i}`, type: 'uninstall', daysAgo: daysAgo - 1, company: i });
  }
  return events;
}

/** Noon (UTC, the e2e portal's time zone) `daysAgo` days before today. */
const noon = (daysAgo: number) => {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  return new Date(today - daysAgo * DAY + 12 * 3_600_000).toISOString();
};

const kpiValue = (page: Page, name: string) => page.getByRole('group', { name }).getByTestId('kpi-value');

test('posted events reach the developer’s report (30 → 365 days, table, CSV) and staff see the e-mails', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEVELOPER_EMAIL);
  const name = `Installs ${Date.now()}`;
  const appId = await createApp(page.request, name);

  // The platform posts the batch with its bearer token.
  const events = fixture(appId.slice(0, 8));
  const platform = await request.newContext({
    baseURL: PORTAL_URL,
    extraHTTPHeaders: { authorization: `Bearer ${SERVICE_TOKEN}` },
  });
  const posted = await platform.post('/api/v1/platform/app_events', {
    data: {
      events: events.map((event) => ({
        id: event.id,
        type: event.type,
        developer_app_id: appId,
        company_id: `co-${event.company}`,
        company_name: `E2E Company ${event.company}`,
        company_is_demo: event.company % 10 === 0,
        user_email_address: `installer${event.company}@e2e.example`,
        occurred_at: noon(event.daysAgo),
      })),
    },
  });
  expect(posted.status(), await posted.text()).toBe(202);
  expect((await posted.json()).accepted).toBe(events.length);
  await platform.dispose();

  const expected = (days: number) => {
    const within = events.filter((event) => event.daysAgo < days);
    const installs = within.filter((event) => event.type === 'install').length;
    const uninstalls = within.length - installs;
    return { installs, uninstalls, net: installs - uninstalls };
  };

  // The classic app page's View Report button leads to the report at its own path.
  await page.goto(`/developer_apps/${appId}`);
  await page.getByRole('link', { name: 'View Report' }).click();
  await expect(page).toHaveURL(new RegExp(`/developer_apps/${appId}/metrics$`));
  await expect(page.getByRole('heading', { level: 1, name: 'App Engagement Report' })).toBeVisible();
  // Breadcrumbs: Apps › the app › App Engagement Report.
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Apps', exact: true })).toHaveAttribute(
    'href',
    '/developer_apps',
  );
  await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute(
    'href',
    `/developer_apps/${appId}`,
  );

  // 30 days (the default), then 365: the KPI cards are the posted events' numbers.
  for (const [days, label] of [
    [30, '30 days'],
    [365, '365 days'],
  ] as const) {
    await page.getByRole('radiogroup', { name: 'Range' }).getByText(label, { exact: true }).click();
    const want = expected(days);
    await expect(kpiValue(page, 'Company Installations')).toHaveText(String(want.installs));
    await expect(kpiValue(page, 'Uninstalls')).toHaveText(String(want.uninstalls));
    await expect(kpiValue(page, 'Net Installs')).toHaveText(String(want.net));
    await expect(kpiValue(page, 'Total Marketplace Visits')).toHaveText('0');
  }
  // The range is in the address: a reload keeps 365 days.
  await expect(page).toHaveURL(/[?&]range=365$/);
  await page.reload();
  await expect(
    page.getByRole('radiogroup', { name: 'Range' }).getByRole('radio', { name: '365 days' }),
  ).toBeChecked();
  await expect(kpiValue(page, 'Company Installations')).toHaveText(String(expected(365).installs));

  // The daily table: 25 days a page, newest first; page 2 starts 25 days before today.
  const table = page.getByRole('table', { name: 'Daily counts' });
  await expect(table.getByRole('row')).toHaveCount(26);
  await page
    .getByRole('navigation', { name: 'Daily counts pages' })
    .getByRole('button', { name: '2' })
    .click();
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(
    new Date(Date.now() - 25 * DAY).toISOString().slice(0, 10),
  );

  // axe on the report, with 365 days on screen.
  await expect(page.locator('[aria-busy="true"], .mantine-Loader-root')).toHaveCount(0);
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );

  // The developer's CSV: a row per installation (the feed's Total), and no e-mail anywhere in it.
  const feed = await page.request.get(`/api/v1/developer_apps/${appId}/installations`);
  const total = Number(feed.headers().total);
  expect(total).toBe(COMPANIES);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = await readFile(await (await downloading).path(), 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('id,company_name,company_is_demo,user_email_address,procore_updated_at,status');
  expect(lines.length - 1).toBe(total);
  expect(csv).not.toContain('@');
  await expect(page.getByText('installer', { exact: false })).toHaveCount(0);

  // Staff see the installers' e-mails on the admin app page's Metrics tab.
  const admin = await staffOnAppTab(browser, appId, 'Metrics');
  // The newest change first: company 0 left a day after installing two days ago.
  await expect(admin.getByText('installer0@e2e.example')).toBeVisible();
  await expect(admin.getByText('UNINSTALLED').first()).toBeVisible();
  await admin.context().close();
});
