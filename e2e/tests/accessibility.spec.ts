// axe-core (the engine behind Lighthouse's accessibility score, with all of its WCAG 2.2 A/AA and
// best-practice rules rather than Lighthouse's subset) on every screen, as each kind of visitor sees it.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, DEVELOPER_EMAIL } from '../support/env.ts';
import { signIn, signInTo, staffOnAppTab } from '../support/session.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The page's axe violations, one readable line per rule and element, so a failure says what to fix. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')} — ${node.failureSummary}`),
  );
}

async function expectAccessible(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // The top nav's signed-in controls and the list rows arrive with their own queries.
  await expect(page.locator('[aria-busy="true"], .mantine-Loader-root')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
}

test.describe('anonymous pages', () => {
  const pages: Array<[string, string | RegExp]> = [
    ['/', /^Build on the/],
    ['/login', 'Sign in to the Developer Portal'],
    ['/sign_up', 'Create your developer account'],
    ['/forgot_password', 'Reset your password'],
    ['/reset_password?token=not-a-token', 'Choose a new password'],
    ['/sign_in_link?token=not-a-token', 'Sign in with your e-mailed link'],
    ['/notifications/opt_out', 'Critical e-mails'],
    ['/terms_and_conditions', /Terms/],
    ['/reference/rest/docs/rest-api-overview', 'REST API overview'],
    ['/reference', 'API reference'],
    ['/reference/rest/changelog?filters[type][]=sunset', 'REST API changelog'],
    ['/reference/portal/changelog', 'Developer Portal API changelog'],
    ['/reference/rest/endpoints/create-rfi', 'Create an RFI'],
    ['/documentation/building-apps-define-manifest', "Define your app's manifest"],
    ['/documentation/getting-started', 'Getting started'],
    ['/this/does/not/exist', 'Page not found'],
    ['/marketplace', 'Marketplace'],
    ['/marketplace/apps/field-sync', 'Field Sync'],
  ];
  for (const [path, heading] of pages) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await page.goto(path);
      await expectAccessible(page, heading);
    });
  }
});

test('the sign-in form showing its errors has no axe violations', async ({ page }) => {
  await page.goto('/login');
  // An address with no account: the demo accounts' sign-in counters stay untouched for other specs.
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('nobody@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('a developer’s pages, dialog and menus have no axe violations', async ({ page }) => {
  test.slow(); // seven pages and states, each a full axe run
  await signInTo(page, DEVELOPER_EMAIL, '/developer_apps');
  await expectAccessible(page, 'My Apps');

  await page.getByRole('button', { name: 'Create a New App' }).click();
  await expect(page.getByRole('dialog', { name: 'Create a New App' })).toBeVisible();
  // Colours are measured once the dialog has faded in (mid-fade its text is paler than it will be).
  await expect(page.getByRole('dialog', { name: 'Create a New App' })).toHaveCSS('opacity', '1');
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('row').nth(1).getByRole('link').first().click();
  // The app page itself, not My Apps' heading while the next page loads.
  await expect(page).toHaveURL(/\/developer_apps\/[^/?]+$/);
  await expect(page.getByRole('region', { name: 'Manifests' })).toBeVisible();
  await expectAccessible(page, /.+/);

  await page.goto('/notifications');
  await expectAccessible(page, 'Notifications');
  await page.getByRole('listitem').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/notifications\/[^/]+$/);
  await expectAccessible(page, /.+/);

  await page.goto('/settings');
  await expectAccessible(page, 'Settings');

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Reference' }).click();
  await expect(page.getByRole('menuitem', { name: 'Rest API' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await nav.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await nav.getByRole('button', { name: /Notifications/ }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('an admin’s lists, forms and menu have no axe violations', async ({ page }) => {
  test.slow(); // five pages and states, each a full axe run
  await signInTo(page, ADMIN_EMAIL, '/admin/notifications');
  await expectAccessible(page, 'Notifications');

  await page.getByRole('row').nth(1).getByRole('link').first().click();
  await expectAccessible(page, 'Edit Notification');

  await page.goto('/admin/notifications/new');
  await expectAccessible(page, 'New Notification');

  await page.goto('/admin/outbox');
  await expectAccessible(page, 'Outbox');

  await page.goto('/admin/reference');
  await expectAccessible(page, 'API changelog: import and proposals');
  await page.getByRole('article').first().getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit proposed entry' })).toHaveCSS('opacity', '1');
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.goto('/admin/developer_apps');
  await expectAccessible(page, 'Developer Apps');
  await page.getByRole('row').nth(1).getByRole('link').first().click();
  await expectAccessible(page, /^Edit - /);
  await page.goto('/admin/review_queue');
  await expectAccessible(page, 'Review Queue');
  await page.goto('/admin/developers');
  await expectAccessible(page, 'Registered Developers');
  await page.getByRole('row').nth(1).getByRole('link').first().click();
  await expectAccessible(page, /^Edit developer: /);
  await page.goto('/admin/oauth_applications');
  await expectAccessible(page, 'OAuth Applications');
  await page.goto('/admin/audit');
  await expectAccessible(page, 'Audit Log');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Admin' }).click();
  await expect(page.getByRole('menuitem', { name: 'Outbox' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('the marketplace listing editor, as its developer and as the reviewer, has no axe violations', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000); // three states of a long form, each a full axe run
  await signIn(page, DEVELOPER_EMAIL);
  const apps = (await (
    await page.request.get('/api/v1/developer_apps?filters[search]=Field Sync')
  ).json()) as {
    id: string;
    internal_name: string;
  }[];
  const appId = apps.find((app) => app.internal_name === 'Field Sync')!.id;
  await page.goto(`/developer_apps/${appId}`);
  const card = page.getByRole('region', { name: 'Marketplace Listing' });
  await expect(card.getByText(/of \d sections completed/)).toBeVisible();
  await expectAccessible(page, /.+/);
  await card.getByRole('tab', { name: /Pricing/ }).click();
  await card.getByRole('button', { name: 'Countries of Europe' }).click();
  await expect(card.getByRole('checkbox', { name: 'France' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  const admin = await staffOnAppTab(browser, appId, 'Marketplace Listing');
  await expect(admin.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expectAccessible(admin, 'Edit - Field Sync');
  await admin.context().close();
});

test('the engagement report, in the developer’s Metrics tab and the admin app page’s, has no axe violations', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEVELOPER_EMAIL);
  // A visit to the published listing gives the app metrics data, so the developer's tab shows.
  await page.goto('/marketplace/apps/field-sync');
  await expect(page.getByRole('heading', { level: 1, name: 'Field Sync' })).toBeVisible();
  const apps = (await (
    await page.request.get('/api/v1/developer_apps?filters[search]=Field Sync')
  ).json()) as { id: string; internal_name: string }[];
  const appId = apps.find((app) => app.internal_name === 'Field Sync')!.id;
  await page.evaluate(() => window.localStorage.setItem('developer-apps-beta-forced', 'true'));
  await page.goto(`/developer_apps/${appId}?tab=metrics`);
  await expect(page.getByRole('group', { name: 'Total Marketplace Visits' })).toBeVisible();
  await expectAccessible(page, 'Field Sync');

  const admin = await staffOnAppTab(browser, appId, 'Metrics');
  await expect(admin.getByRole('group', { name: 'Total Marketplace Visits' })).toBeVisible();
  await expectAccessible(admin, 'Edit - Field Sync');
  await admin.context().close();
});
