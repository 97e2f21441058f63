import { expect, test } from '@playwright/test';
import { adminApi, apiClient } from '../support/api.ts';
import { ADMIN_EMAIL, DEMO_PASSWORD, PORTAL_NO_SMTP_URL } from '../support/env.ts';
import { outboxLink } from '../support/mail.ts';
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

test('a newcomer without SMTP: the sign-up pages under other names, where the mail is, one confirmation, a welcome', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('newcomer');
  const password = 'a good long password';
  // The spellings people type land on the real pages.
  await page.goto('/sign-up');
  await expect(page).toHaveURL(/\/sign_up$/);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Nico Newcomer');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  const note = page.getByRole('note');
  await expect(note).toContainText('This portal sends no e-mail');
  await expect(note).toContainText('Sign in as an admin and open Admin → Outbox');

  // Impatient: signing in twice before confirming. Each time the page says where the link is.
  await page.goto('/sign_in');
  await expect(page).toHaveURL(/\/login$/);
  for (let attempt = 0; attempt < 2; attempt++) {
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('at most every 5 minutes');
    await expect(page.getByRole('note')).toContainText('This portal sends no e-mail');
  }

  // The hint's link leads an admin to the outbox, which holds one confirmation, not three.
  const outboxHref = await page
    .getByRole('note')
    .getByRole('link', { name: 'Open Admin → Outbox' })
    .getAttribute('href');
  const admin = await browser.newPage({ baseURL: PORTAL_NO_SMTP_URL });
  await admin.goto(outboxHref!);
  await expect(admin).toHaveURL(/\/login\?next=%2Fadmin%2Foutbox$/);
  await admin.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN_EMAIL);
  await admin.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await admin.getByRole('button', { name: 'Sign in' }).click();
  await expect(admin).toHaveURL(/\/admin\/outbox$/);
  await admin.getByLabel('Filter by recipient').fill(email);
  const rows = admin.getByRole('row').filter({ hasText: email });
  await expect(rows.first()).toBeVisible({ timeout: 15_000 });
  await expect(rows).toHaveCount(1);
  await rows.getByRole('button', { name: /View/ }).click();
  await admin.getByRole('dialog').getByRole('tab', { name: 'Plain text' }).click();
  const confirmUrl = await admin
    .getByRole('dialog')
    .getByTestId('outbox-text')
    .getByRole('link')
    .getAttribute('href');
  await admin.close();

  // Confirmed, the newcomer's bell opens on the welcome, not on a call to rotate secrets they do not have.
  await page.goto(confirmUrl!);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  const dropdown = page.getByRole('dialog');
  await expect(dropdown.getByText('Welcome to the Developer Portal')).toBeVisible();
  const text = (await dropdown.textContent()) ?? '';
  expect(text.indexOf('Welcome to the Developer Portal')).toBeLessThan(
    text.indexOf('Getting started: from sandbox to marketplace'),
  );
  expect(text).not.toMatch(/rotate your client secrets/i);
});

test('locked out by guessing, the owner asks for a sign-in link; it lands in the outbox and signs them in', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('lockedout');
  const password = 'a good long password';
  // An account on this portal, confirmed with the link the outbox holds.
  const owner = await apiClient(PORTAL_NO_SMTP_URL);
  const signUp = await owner.post('/api/v1/auth/sign_up', {
    headers: owner.csrf,
    data: { name: 'Lou Lockedout', email, password },
  });
  expect(signUp.status()).toBe(201);
  const admin = await adminApi(PORTAL_NO_SMTP_URL);
  const token = new URL(await outboxLink(admin, email, '/confirm')).searchParams.get('token');
  expect((await owner.post('/api/v1/auth/confirm', { headers: owner.csrf, data: { token } })).ok()).toBe(
    true,
  );

  // Someone guessing the password uses up the account's attempts.
  const guesser = await apiClient(PORTAL_NO_SMTP_URL);
  for (let i = 0; i < 5; i++) {
    const guess = await guesser.post('/api/v1/auth/sign_in', {
      headers: guesser.csrf,
      data: { email, password: `not it, guess ${i}` },
    });
    expect(guess.status()).toBe(401);
  }

  // The owner, in a browser the account has not signed in on, is refused even with the right password.
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Too many sign-in attempts.');
  await alert.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(
    page.getByText(
      `If ${email} has an account, we have e-mailed it a sign-in link. It works once, within 15 minutes.`,
    ),
  ).toBeVisible();

  // Without SMTP the link is in the outbox; opening it signs in with one click.
  await page.goto(await outboxLink(admin, email, '/sign_in_link'));
  await expect(page.getByRole('heading', { name: 'Sign in with your e-mailed link' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page).toHaveURL(/\/developer_apps$/);
  await admin.dispose();
  await owner.dispose();
  await guesser.dispose();
});
