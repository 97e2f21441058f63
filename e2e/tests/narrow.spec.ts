import { expect, type Page, test } from '@playwright/test';
import { adminApi, apiClient, PASSWORD } from '../support/api.ts';
import { ADMIN_EMAIL, DEVELOPER_EMAIL } from '../support/env.ts';
import { signIn, uniqueEmail } from '../support/session.ts';

// A phone: 390 px wide (an iPhone 12–15 in portrait).
test.use({ viewport: { width: 390, height: 844 } });

/**
 * Opens a screen, waits until it has loaded (no skeleton left, no request in flight) and checks
 * that the page itself does not scroll sideways: anything wider scrolls inside its own box.
 */
async function expectNoSidewaysScroll(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectFits(page, path);
}

/** A published announcement for the reader and admin screens (other specs may have deleted the seeded ones). */
async function publishedAnnouncement(): Promise<string> {
  const admin = await adminApi();
  const res = await admin.post('/api/v1/admin/notifications', {
    headers: admin.csrf,
    data: {
      title: 'Narrow screens: a rather long announcement title that has to wrap on a phone',
      summary:
        'A summary long enough to wrap on a phone, with a https://example.com/a/very/long/link/that/cannot/break',
      body: 'Body with a table:\n\n| a | b |\n| --- | --- |\n| one | two |',
      critical: false,
      draft: false,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await admin.dispose();
  return id;
}

/** The demo developer's seeded Field Sync app: its row in My Apps and the app itself. */
async function seededFieldSync(page: Page) {
  const apps = (await (await page.request.get('/api/v1/developer_apps')).json()) as Array<{
    id: string;
    internal_name: string;
  }>;
  const fieldSync = apps.find((app) => app.internal_name === 'Field Sync');
  expect(fieldSync, 'the seeded Field Sync app').toBeTruthy();
  const app = await (await page.request.get(`/api/v1/developer_apps/${fieldSync!.id}`)).json();
  return { fieldSync: fieldSync!, app };
}

async function expectFits(page: Page, what: string) {
  const { scrollWidth, clientWidth, wide } = await page.evaluate(() => {
    const root = document.documentElement;
    // What sticks out, to name in a failure.
    const wide = Array.from(document.body.querySelectorAll('*'))
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120));
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wide };
  });
  expect(scrollWidth, `${what} scrolls sideways: ${wide.join(' | ')}`).toBeLessThanOrEqual(clientWidth);
}

test('anonymous screens fit a phone, and the top nav collapses into a menu', async ({ page }) => {
  // Every full load starts on the shell's skeleton: React Router has its HydrateFallback.
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/HydrateFallback/.test(message.text())) warnings.push(message.text());
  });
  for (const path of [
    '/',
    '/login',
    '/sign_up',
    '/forgot_password',
    '/reset_password?token=not-a-token',
    '/terms_and_conditions',
    '/reference/rest/docs/rest-api-overview',
    '/reference',
    '/reference/rest/changelog',
    '/reference/rest/endpoints/create-rfi',
    '/documentation/building-apps-define-manifest',
    '/invitations/not-a-token',
    '/marketplace',
    '/marketplace/apps/field-sync',
    '/no/such/page',
  ])
    await expectNoSidewaysScroll(page, path);
  expect(warnings).toEqual([]);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Reference' })).toBeHidden();
  await nav.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('button', { name: 'Reference' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Sign up' })).toBeVisible();
  await expectFits(page, 'the navigation drawer');
});

test('every developer screen fits a phone', async ({ page }) => {
  await signIn(page, DEVELOPER_EMAIL);
  const { fieldSync, app } = await seededFieldSync(page);
  const announcementId = await publishedAnnouncement();

  for (const path of [
    '/developer_apps',
    `/developer_apps/${fieldSync.id}`,
    app.contacts[0].links.edit,
    '/settings',
    '/notifications',
    `/notifications/${announcementId}`,
  ])
    await expectNoSidewaysScroll(page, path);

  // The create modal and the permission details (a table in a modal) fit too.
  await expectNoSidewaysScroll(page, '/developer_apps');
  await page.getByRole('button', { name: 'Create a New App' }).click();
  await expect(page.getByRole('dialog', { name: 'Create a New App' })).toBeVisible();
  await expectFits(page, 'the create-app modal');
  await page.keyboard.press('Escape');
  await expectNoSidewaysScroll(page, `/developer_apps/${fieldSync.id}`);
  await page.getByRole('button', { name: 'Permission details' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectFits(page, 'the permission details');
});

test('every admin screen fits a phone, an opened outbox message too', async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  const announcementId = await publishedAnnouncement();
  for (const path of [
    '/admin/notifications',
    '/admin/notifications/new',
    `/admin/notifications/${announcementId}/edit`,
    '/developer_apps',
    '/admin/outbox',
  ])
    await expectNoSidewaysScroll(page, path);

  // An opened message: a sign-up's confirmation e-mail, with its long link.
  const email = uniqueEmail('narrow');
  const anonymous = await apiClient();
  const signUp = await anonymous.post('/api/v1/auth/sign_up', {
    headers: anonymous.csrf,
    data: { name: 'Nora Narrow', email, password: PASSWORD },
  });
  expect(signUp.status()).toBe(201);
  await expect(async () => {
    await expectNoSidewaysScroll(page, `/admin/outbox?to=${encodeURIComponent(email)}`);
    await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('button', { name: /^View/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('iframe[title^="Message: "]')).toBeVisible();
  await expectFits(page, 'an outbox message');
  await page.getByRole('tab', { name: 'Plain text' }).click();
  await expectFits(page, "an outbox message's text");
});

test('the public listing keeps its name readable on a phone: a wide column, whole badges', async ({
  page,
}) => {
  await expectNoSidewaysScroll(page, '/marketplace/apps/field-sync');
  const title = page.getByRole('heading', { level: 1, name: 'Field Sync' });
  await expect(title).toBeVisible();
  // The name and tagline take the width beside the logo (the contact button wraps below them).
  expect((await title.boundingBox())!.width).toBeGreaterThan(240);
  const badges = page.locator('.mantine-Badge-label');
  expect(await badges.count()).toBeGreaterThan(0);
  const cut = await badges.evaluateAll((labels) =>
    labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
  );
  expect(cut, 'badges shown in part').toEqual([]);
});

test("the Configurations tab's sandbox URL stays inside its card on a phone", async ({ page }) => {
  await signIn(page, DEVELOPER_EMAIL);
  const { fieldSync, app } = await seededFieldSync(page);
  expect(app.sandbox?.url, 'the seeded app has a live sandbox').toBeTruthy();
  // This browser only: the tabbed page whatever the account's preference.
  await page.addInitScript(() => window.localStorage.setItem('developer-apps-beta-forced', 'true'));
  await expectNoSidewaysScroll(page, `/developer_apps/${fieldSync.id}`);
  const keys = page.getByRole('region', { name: 'Installation Keys' });
  const url = keys.getByText(app.sandbox.url, { exact: true });
  await expect(url).toBeVisible();
  const [card, text] = [(await keys.boundingBox())!, (await url.boundingBox())!];
  expect(text.x + text.width).toBeLessThanOrEqual(card.x + card.width);
});
