import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, DEVELOPER_EMAIL } from '../support/env.ts';
import { signIn } from '../support/session.ts';

test('a developer sees no Admin menu and the admin API refuses them', async ({ page }) => {
  await signIn(page, DEVELOPER_EMAIL);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'My Apps' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Admin' })).toHaveCount(0);
  const res = await page.request.get('/api/v1/admin/outbox');
  expect(res.status()).toBe(403);
  expect((await res.json()).code).toBe('forbidden');
  await page.goto('/admin/outbox');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('an admin sees the Admin menu and the outbox', async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('menuitem', { name: 'Outbox' }).click();
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Subject' })).toBeVisible();
});

test('the Reference menu links to the REST API overview and the external site', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Reference' }).click();
  await expect(page.getByRole('menuitem', { name: 'Construction Network API' })).toHaveAttribute(
    'href',
    'https://developers.example.com',
  );
  await page.getByRole('menuitem', { name: 'Rest API' }).click();
  await expect(page).toHaveURL(/\/reference\/rest\/docs\/rest-api-overview$/);
  await expect(page.getByRole('heading', { name: 'REST API overview' })).toBeVisible();
  const openapi = page.getByRole('link', { name: '/api/v1/openapi.json' });
  const spec = await page.request.get((await openapi.getAttribute('href'))!);
  expect((await spec.json()).info.title).toBe('Procore Developer Portal API');
});

test('an unknown URL shows the 404 page', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('signed-in pages send anonymous visitors to sign in and back', async ({ page }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login\?next=%2Fsettings$/);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEVELOPER_EMAIL);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('demo-password-e2e');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
});

test('below 1100 px the navigation collapses into a menu', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await signIn(page, DEVELOPER_EMAIL);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'My Apps' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'My Apps' })).toBeVisible();
});

test('no page reports a CSP violation as it loads (zod runs without eval)', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  // Recorded from the first script on, in every document the page loads.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const reported = async () =>
    (await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])).map(
      (violation) => `${page.url()}: ${violation}`,
    );
  const visit = async (path: string, heading: string | RegExp) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
    violations.push(...(await reported()));
  };
  await visit('/login', 'Sign in to the Developer Portal');
  await visit('/sign_up', 'Create your developer account');
  await visit('/marketplace', 'Marketplace');
  await visit('/marketplace/apps/field-sync', 'Field Sync');
  await signIn(page, ADMIN_EMAIL);
  violations.push(...(await reported()));
  await visit('/developer_apps', 'My Apps');
  await visit('/admin/notifications/new', 'New Notification');
  await visit('/admin/developer_apps', 'Developer Apps');
  // Pages whose chunks bring zod (its schemas are made as the chunk loads).
  await visit('/admin/oauth_applications', 'OAuth Applications');
  await visit('/admin/developers', 'Developers');
  await page.getByRole('link', { name: 'Dana Developer' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Edit developer:/ })).toBeVisible();
  violations.push(...(await reported()));
  expect(violations).toEqual([]);
});
