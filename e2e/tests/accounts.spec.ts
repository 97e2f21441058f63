import { expect, type Page, test } from '@playwright/test';
import { DEVELOPER_EMAIL } from '../support/env.ts';
import { linkIn, messagesTo, waitForMail } from '../support/mail.ts';
import { signIn, signOut, uniqueEmail } from '../support/session.ts';

const PASSWORD = 'a good long password';

/** Signs up as `name` with a new address (`prefix`…) and the test password; answers the address. */
async function signUp(page: Page, name: string, prefix: string, company?: string) {
  const email = uniqueEmail(prefix);
  await page.goto('/sign_up');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  if (company) await page.getByLabel('Company name (optional)').fill(company);
  await page.getByRole('button', { name: 'Create account' }).click();
  return email;
}

/** Signs up and opens the e-mailed confirmation link, which signs the new account in. */
async function signUpConfirmed(page: Page, name: string, prefix: string) {
  const email = await signUp(page, name, prefix);
  const confirm = await waitForMail(email, /Confirm your/);
  await page.goto(linkIn(confirm.text, '/confirm'));
  return email;
}

test('sign up, confirm by the e-mailed link, sign out and sign in again', async ({ page }) => {
  const email = await signUp(page, 'Nina Newdev', 'newdev', 'Nina Builds');
  await expect(page.getByText(`We sent a confirmation link to ${email}.`)).toBeVisible();

  // The confirmation goes out over SMTP to the sink.
  const mail = await waitForMail(email, /Confirm your Procore Developer Portal account/);
  await page.goto(linkIn(mail.text, '/confirm'));
  const flash = page.getByRole('status').filter({ hasText: 'Your email address has been confirmed.' });
  await expect(flash).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  // It fades after 3 s (1 s fade) and is gone.
  await expect(flash).toBeHidden({ timeout: 6_000 });

  await signOut(page);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/developer_apps$/);
  await signOut(page);
});

test('a wrong password shows an error and creates no session', async ({ page, context }) => {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEVELOPER_EMAIL);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  const cookies = await context.cookies();
  expect(cookies.some((c) => c.name.includes('session_token'))).toBe(false);
  const me = await page.request.get('/api/v1/me');
  expect(me.status()).toBe(401);
});

test('an unconfirmed account cannot sign in', async ({ page }) => {
  const email = await signUp(page, 'Uma Unconfirmed', 'unconfirmed');
  await expect(page.getByText('Check your inbox')).toBeVisible();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Confirm your e-mail address first');
});

test('forgot password e-mails a reset link that sets a new password', async ({ page }) => {
  const email = await signUpConfirmed(page, 'Fran Forgetful', 'forgetful');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await signOut(page);

  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();
  const reset = await waitForMail(email, /Reset your/);
  await page.goto(linkIn(reset.text, '/reset_password'));
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('my brand new password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await signIn(page, email, 'my brand new password');
  expect((await messagesTo(email)).length).toBe(2);
});

test('settings change the name and the critical-announcement opt-in', async ({ page }) => {
  await signUpConfirmed(page, 'Sam Settings', 'settings');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Sam Renamed');
  await page.getByLabel('Email me critical announcements').uncheck();
  await save.click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Sam Renamed');
  await expect(page.getByLabel('Email me critical announcements')).not.toBeChecked();
});
