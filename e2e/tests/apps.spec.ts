import { type Browser, expect, test } from '@playwright/test';
import { ADMIN_EMAIL, DEVELOPER_EMAIL } from '../support/env.ts';
import { pngBytes } from '../support/png.ts';
import { signIn, signInElsewhere, signInTo } from '../support/session.ts';

/** Platform staff approve the request through the admin API (the admin console UI is a later issue). */
async function approveAsStaff(browser: Browser, appId: string) {
  const admin = await signInElsewhere(browser, ADMIN_EMAIL);
  const config = await (await admin.request.get('/api/v1/config')).json();
  const res = await admin.request.post(`/api/v1/admin/developer_apps/${appId}/production_access/approve`, {
    headers: { 'x-csrf-token': config.csrf_token },
  });
  expect(res.status()).toBe(200);
  await admin.context().close();
}

test('create an app, edit its settings and logo, get production credentials, reset the secret, delete it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `E2E App ${Date.now()}`;
  await signIn(page, DEVELOPER_EMAIL);

  // Create from the index and land on the app page as the sandbox goes live.
  await page.goto('/developer_apps');
  await page.getByRole('button', { name: 'Create a New App' }).click();
  const create = page.getByRole('dialog', { name: 'Create a New App' });
  await expect(create.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
    'href',
    '/terms_and_conditions',
  );
  await create.getByRole('textbox', { name: 'App name' }).fill(name);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/developer_apps\/[0-9a-f-]{36}$/);
  const appId = page.url().split('/').pop()!;
  await expect(page.getByText('Manage app', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Apps', exact: true })).toHaveAttribute(
    'href',
    '/developer_apps',
  );
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(
    page.getByText('Your sandbox is being built in the background', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Company ID' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Sandbox URL: https://sandbox.procore.com/')).toBeVisible();

  // Settings: a bad redirect URI shows the message at the field; fixing it saves.
  const settings = page.getByRole('region', { name: 'App Settings' });
  const save = settings.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  const redirect = settings.getByRole('textbox', { name: 'Redirect URIs' });
  await redirect.fill('http://example.com/callback');
  await save.click();
  await expect(
    settings.getByText('Redirect URIs must use HTTPS (http://localhost is the only exception)'),
  ).toBeVisible();
  await redirect.fill('https://example.com/callback');
  await save.click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'App Settings' }).getByRole('textbox', { name: 'Redirect URIs' }),
  ).toHaveValue('https://example.com/callback');

  // Logo: a real PNG is accepted; an HTML file named .png is refused.
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngBytes(256, 256) });
  await expect(page.getByText('Uploaded Logo!')).toBeVisible();
  await expect(page.getByRole('img', { name: 'App avatar' })).toBeVisible();
  await fileInput.setInputFiles({
    name: 'sneaky.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
  });
  // Refused by content: the spec's banner says so (and the field repeats it).
  await expect(settings.getByRole('alert', { name: 'An error occurred' })).toContainText(
    'The logo must be a JPEG or PNG image',
  );

  // Production credentials: request → pending banner; approval → secret shown once.
  const credentials = page.getByRole('region', { name: 'Authentication Credentials' });
  await credentials.getByRole('button', { name: 'Request production credentials' }).click();
  const request = page.getByRole('dialog', { name: 'Request production credentials' });
  await expect(request.getByRole('radio', { name: /Confidential/ })).toBeChecked();
  await request.getByRole('button', { name: 'Request' }).click();
  await expect(
    credentials.getByText('Your request for production credentials is awaiting approval.', { exact: false }),
  ).toBeVisible();

  await approveAsStaff(browser, appId);
  // The card reads the production client through its own call (spec developer-apps §7).
  const clientRead = page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' && /\/api\/v1\/oauth_applications\/[^/]+$/.test(response.url()),
  );
  await page.reload();
  expect((await clientRead).status()).toBe(200);
  await credentials.getByRole('button', { name: 'Show credentials' }).click();
  const secret = (await page.getByTestId('issued-secret').textContent()) ?? '';
  expect(secret.length).toBeGreaterThan(30);
  await expect(credentials.getByText('Copy it now: it is shown only this once.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('issued-secret')).toHaveCount(0);
  await expect(credentials.getByRole('textbox', { name: 'Client secret' })).toHaveValue(
    `${secret.slice(0, 4)}••••••••${secret.slice(-4)}`,
  );
  await expect(page.getByText(secret)).toHaveCount(0);

  // Reset needs the acknowledgement.
  await credentials.getByRole('button', { name: 'Reset client secret' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset client secret' });
  const confirm = reset.getByRole('button', { name: 'Reset secret' });
  await expect(confirm).toBeDisabled();
  await reset.getByRole('checkbox', { name: /I understand/ }).check();
  await confirm.click();
  const newSecret = (await page.getByTestId('issued-secret').textContent()) ?? '';
  expect(newSecret.length).toBeGreaterThan(30);
  expect(newSecret).not.toBe(secret);

  // Delete from the delete card, back to the index without the app.
  await page.getByRole('button', { name: 'Delete app' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete app' });
  await expect(remove.getByText(`Delete ${name}? This cannot be undone.`)).toBeVisible();
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/developer_apps$/);
  await expect(page.getByRole('heading', { name: 'My Apps' })).toBeVisible();
  await expect(page.getByRole('link', { name })).toHaveCount(0);
});

test('the demo developer sees the seeded apps on My Apps', async ({ page }) => {
  await signInTo(page, DEVELOPER_EMAIL, '/developer_apps');
  await expect(page.getByRole('link', { name: 'Field Sync for Procore' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Punch List Importer' })).toBeVisible();
});
