import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, PORTAL_NO_SMTP_URL } from '../support/env.ts';
import { signIn, uniqueEmail } from '../support/session.ts';

// This portal has no SMTP_URL: the outbox is the only delivery, and admins read it in the portal.
test.use({ baseURL: PORTAL_NO_SMTP_URL });

test('without SMTP the confirmation e-mail lands in the outbox and its link works', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
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
  const dialog = admin.getByRole('dialog');

  // The plain-text part has the link too, clickable, and wrapped inside the dialog.
  await dialog.getByRole('tab', { name: 'Plain text' }).click();
  const textLink = dialog.getByTestId('outbox-text').getByRole('link');
  await expect(textLink).toHaveAttribute('href', /\/confirm\?token=/);
  const dialogBox = (await dialog.boundingBox())!;
  const linkBox = (await textLink.boundingBox())!;
  expect(linkBox.x + linkBox.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);

  // The message as it arrives: its HTML in a sandboxed frame, where the button is a link that
  // opens in a new tab, on the confirmation page.
  await dialog.getByRole('tab', { name: 'HTML' }).click();
  const link = admin
    .frameLocator('iframe[title^="Message: "]')
    .getByRole('link', { name: 'Confirm e-mail address' });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', /\/confirm\?token=/);
  const opened = admin.context().waitForEvent('page');
  await link.click();
  const confirmation = await opened;
  // The confirmation page moves on to the home page as soon as it has confirmed, so its own URL
  // may be gone by the first look; the message it leaves is what shows the link worked.
  await expect(confirmation.getByText('Your email address has been confirmed.')).toBeVisible();
  await admin.close();
});
