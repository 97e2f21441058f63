import { expect, type Locator, test } from '@playwright/test';
import { adminApi, confirmedDeveloper, createApp, PASSWORD } from '../support/api.ts';
import { ADMIN_EMAIL } from '../support/env.ts';
import { signIn, signInTo } from '../support/session.ts';

/** Whether two boxes on the page overlap. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [(await a.boundingBox())!, (await b.boundingBox())!];
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

test("a new app's credentials are named by environment with production's state; the tabbed page's unknown tab, Restore and a refused listing submit", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { email } = await confirmedDeveloper('Paths Developer');
  await signIn(page, email, PASSWORD);
  const name = `Paths App ${Date.now()}`;
  const appId = await createApp(page.request, name);

  // Classic page: two credential sets, each named by its environment; production's state beside it.
  await page.goto(`/developer_apps/${appId}`);
  const settings = page.getByRole('region', { name: 'App Settings' });
  const credentials = page.getByRole('region', { name: 'Authentication Credentials' });
  const sandbox = page.getByRole('region', { name: 'Sandbox Account' });
  await expect(settings.getByRole('heading', { name: 'Production credentials' })).toBeVisible();
  await expect(settings.getByText('Not requested')).toBeVisible();
  await expect(settings.getByRole('textbox', { name: 'App ID' })).toHaveValue(
    'Not issued: request production credentials first',
  );
  await expect(sandbox.getByRole('heading', { name: 'Sandbox credentials' })).toBeVisible();
  await credentials.getByRole('button', { name: 'Request production credentials' }).click();
  await page
    .getByRole('dialog', { name: 'Request production credentials' })
    .getByRole('button', { name: 'Request' })
    .click();
  await expect(settings.getByText('Pending approval')).toBeVisible();
  await expect(credentials.getByText('Pending approval')).toBeVisible();
  await expect(settings.getByRole('textbox', { name: 'App ID' })).toHaveValue(
    'Issued once the request is approved',
  );

  // A first version (the sandbox is live: its credentials show above).
  const config = await (await page.request.get('/api/v1/config')).json();
  const version = await page.request.post('/api/v1/app_versions', {
    headers: { 'x-csrf-token': config.csrf_token as string },
    data: {
      app_version: {
        developer_app_id: appId,
        environment_type: 'Sandbox',
        semantic_version: '0.1.0',
        manifest: {
          content: { schema_version: '4.1', fullscreen: { source_url: 'https://paths.example.com' } },
        },
      },
    },
  });
  expect(version.status(), await version.text()).toBe(201);

  // The tabbed page (this browser only): a tab it does not have is a placeholder, not Configurations.
  await page.evaluate(() => window.localStorage.setItem('developer-apps-beta-forced', 'true'));
  await page.goto(`/developer_apps/${appId}?tab=nope`);
  await expect(page.getByRole('heading', { name: 'This tab does not exist' })).toBeVisible();
  await expect(page.getByText('Installation Keys')).toHaveCount(0);
  await page.getByRole('button', { name: 'Go to Configurations' }).click();
  await expect(page).toHaveURL(new RegExp(`/developer_apps/${appId}$`));
  await expect(page.getByRole('region', { name: 'Installation Keys' })).toBeVisible();

  // Versions: Restore asks for the semantic version (the suggestion filled in) and makes a new version.
  await page
    .getByRole('navigation', { name: 'App Information' })
    .getByRole('button', { name: 'Versions' })
    .click();
  const table = page.getByRole('table', { name: 'Versions' });
  await table.getByRole('button', { name: 'Restore Sandbox version 0.1.0' }).click();
  const restore = page.getByRole('dialog', { name: 'Create Version' });
  await expect(restore.getByRole('textbox', { name: /Semantic version/ })).toHaveValue('0.2.0');
  await restore.getByRole('button', { name: 'Create Version' }).click();
  const toast = page.getByText('New sandbox manifest version created');
  await expect(toast).toBeVisible();
  // Toasts keep clear of the top navigation's bell and account menu.
  expect(await overlaps(toast, page.getByRole('button', { name: /^Notifications, \d+ unread$/ }))).toBe(
    false,
  );
  expect(await overlaps(toast, page.getByRole('button', { name: 'Account menu' }))).toBe(false);
  await expect(table.getByRole('row').nth(1)).toContainText('0.2.0');

  // The listing: staff enable the marketplace; every required field is marked, the public name starts
  // as the app's name, and a refused Submit opens the first failing tab at its first failing field.
  const staff = await adminApi();
  const enabled = await staff.patch(`/api/v1/admin/developer_apps/${appId}`, {
    headers: staff.csrf,
    data: { developer_app: { marketplace_enabled: true } },
  });
  expect(enabled.ok(), await enabled.text()).toBe(true);
  await staff.dispose();
  await page.goto(`/developer_apps/${appId}?tab=marketplaceListing`);
  const card = page.getByRole('region', { name: 'Marketplace Listing' });
  await expect(card.getByRole('textbox', { name: 'Public name' })).toHaveValue(name);
  await expect(card.locator('label', { hasText: 'App version' })).toContainText('*');
  await expect(
    card.getByText(
      /^Counted: App Information, Media Content, Pricing & Availability, Support, Features, and Contact\./,
    ),
  ).toBeVisible();
  await card.getByRole('tab', { name: /Media Content/ }).click();
  await expect(card.locator('label', { hasText: 'Showcase video' })).toContainText('*');
  await card.getByRole('tab', { name: /Support/ }).click();
  await card.getByRole('textbox', { name: 'Support email' }).fill('help@paths.example.com');
  await card.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Marketplace listing saved.')).toBeVisible();
  await card.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(card.getByRole('alert').filter({ hasText: 'Please correct the errors below' })).toContainText(
    'Fix the tabs App Information, Media Content',
  );
  await expect(card.getByRole('tab', { name: /App Information/ })).toHaveAttribute('aria-selected', 'true');
  await expect(card.getByRole('textbox', { name: 'Tagline' })).toBeFocused();
});

test('Audit Log: the action is picked by its words; the id applies on Enter', async ({ page }) => {
  await signInTo(page, ADMIN_EMAIL, '/admin/audit');
  const action = page.getByRole('combobox', { name: /^Action/ });
  await action.fill('undeleted');
  await action.press('ArrowDown');
  await action.press('Enter');
  await expect(page).toHaveURL(/\?action=developer_app\.undelete$/);
  await expect(action).toHaveValue('App undeleted (developer_app.undelete)');
  const subject = page.getByRole('textbox', { name: /^App or developer id/ });
  await subject.fill('00000000-0000-0000-0000-000000000000');
  await subject.press('Enter');
  await expect(page).toHaveURL(/&subject=0{8}-/);
  await expect(subject).toBeFocused();
  await expect(page.getByText('No staff changes recorded.')).toBeVisible();
});
