import { type Browser, expect, type Page } from '@playwright/test';
import { ADMIN_EMAIL, DEMO_PASSWORD, PORTAL_URL } from './env.ts';

/** Signs in through the real form and waits for the signed-in navigation. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/**
 * A browser session of its own (cookies apart from the test's page), signed in as `email`: a second
 * person beside the test's. Close it with `page.context().close()`.
 */
export async function signInElsewhere(browser: Browser, email: string, password = DEMO_PASSWORD) {
  const page = await (await browser.newContext({ baseURL: PORTAL_URL })).newPage();
  await signIn(page, email, password);
  return page;
}

/** Staff, in a session of their own (`signInElsewhere`), on a tab of the admin app page. */
export async function staffOnAppTab(browser: Browser, appId: string, tab: string) {
  const admin = await signInElsewhere(browser, ADMIN_EMAIL);
  await admin.goto(`/admin/developer_apps/${appId}`);
  await admin.getByRole('tab', { name: tab }).click();
  return admin;
}

/** Signs in, then opens `path`. */
export async function signInTo(page: Page, email: string, path: string, password = DEMO_PASSWORD) {
  await signIn(page, email, password);
  await page.goto(path);
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** A unique address per test run. */
export function uniqueEmail(prefix: string) {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** From My Apps, creates an app through the Create a New App dialog and waits for its page. */
export async function createAppOnPage(page: Page, name: string) {
  await page.getByRole('button', { name: 'Create a New App' }).click();
  const create = page.getByRole('dialog', { name: 'Create a New App' });
  await create.getByRole('textbox', { name: 'App name' }).fill(name);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/developer_apps\/[0-9a-f-]{36}$/);
}
