import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, PORTAL_NO_SMTP_URL } from '../support/env.ts';
import { signIn, uniqueEmail } from '../support/session.ts';

// This portal has no SMTP_URL: the outbox is the only delivery, and admins read it in the portal.
test.use({ baseURL: PORTAL_NO_SMTP_URL });

test('without SMTP the confirmation e-mail lands in the outbox and its link works', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('outbox');
  await page.goto('/sign_up');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Olga Outbox');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a good long password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();

  const admin = await browser.newPage({ baseURL: PORTAL_NO_SMTP_URL });
  await signIn(admin, ADMIN_EMAIL);
  await admin.goto('/admin/outbox');
  await admin.getByLabel('Filter by recipient').fill(email);
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText('outbox');
  await expect(row).toContainText('sent');
  await row.getByRole('button', { name: /View/ }).click();
  const text = (await admin.getByTestId('outbox-text').textContent()) ?? '';
  const link = /https?:\/\/\S+\/confirm\?token=\S+/.exec(text)?.[0];
  expect(link).toBeTruthy();
  await admin.close();

  await page.goto(link!);
  await expect(page.getByText('Your email address has been confirmed.')).toBeVisible();
});
