import { type Browser, expect, type Page, test } from '@playwright/test';
import { adminApi, confirmedDeveloper, PASSWORD } from '../support/api.ts';
import { ADMIN_EMAIL } from '../support/env.ts';
import { messagesTo, waitForMail } from '../support/mail.ts';
import { signIn, signInTo } from '../support/session.ts';

const CRITICAL_QUESTION =
  'You are about to create a critical notification which will cause emails to be sent out to those subscribed. Do you wish to continue?';
const DELETE_QUESTION = 'Are you sure you wish to delete this notification?';

async function developerPage(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, PASSWORD);
  return page;
}

async function unreadCount(page: Page): Promise<number> {
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  const label = (await bell.getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1]);
}

test.describe.configure({ mode: 'serial' });

test('a developer with no announcements sees the empty state', async ({ browser }) => {
  // Start from a portal without announcements (the seed adds some).
  const admin = await adminApi();
  const existing = await (await admin.get('/api/v1/admin/notifications?per_page=100')).json();
  for (const row of existing) {
    expect(
      (await admin.delete(`/api/v1/admin/notifications/${row.id}`, { headers: admin.csrf })).status(),
    ).toBe(204);
  }
  const { email } = await confirmedDeveloper('Eve Empty');
  const page = await developerPage(browser, email);
  await expect(page.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByText('No Notifications.')).toBeVisible();
  await expect(page.getByText('Check back later.')).toBeVisible();
  await page.context().close();
});

test('admin sends a critical announcement; subscribers get it by e-mail and read it from the bell', async ({
  page,
  browser,
}) => {
  // Two sign-ups, a fan-out and two e-mail round trips: ~30 s on a busy CI machine, 60 s seen once.
  test.setTimeout(120_000);
  const subscribed = await confirmedDeveloper('Sam Subscribed');
  const optedOut = await confirmedDeveloper('Olly Optedout', false);
  const title = `Rotate your secrets ${Date.now()}`;

  await signInTo(page, ADMIN_EMAIL, '/admin/notifications');
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute(
    'href',
    '/admin/notifications',
  );
  await page.getByRole('link', { name: 'Create Notification' }).click();
  await expect(page).toHaveURL(/\/admin\/notifications\/new$/);
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page
    .getByRole('textbox', { name: 'Summary' })
    .fill('Secrets created before 2024 **stop working** soon.');
  await page.getByRole('textbox', { name: 'Body' }).fill("## What to do\n\nReset each app's credentials.");
  await page.getByRole('checkbox', { name: 'Draft' }).check();
  await page.getByRole('textbox', { name: 'Show after' }).fill('2030-01-01');
  await page.getByRole('checkbox', { name: 'Critical' }).check();
  await expect(page.getByRole('checkbox', { name: 'Draft' })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Draft' })).not.toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Show after' })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Show after' })).toHaveValue('');
  await page.getByRole('button', { name: 'Notify' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(CRITICAL_QUESTION);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/admin\/notifications$/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  for (const name of ['Title', 'Summary', 'Visible', 'Critical']) {
    await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
  }
  await expect(row.getByRole('img', { name: 'Yes' })).toHaveCount(2); // visible and critical

  // The e-mail reaches the subscribed developer over real SMTP, with a working opt-out link.
  const mail = await waitForMail(subscribed.email, new RegExp(title));
  expect(mail.text).toContain('Reset each app');
  const optOutLink = /https?:\/\/\S+\/notifications\/opt_out\?token=\S+/.exec(mail.text)?.[0];
  expect(optOutLink).toBeTruthy();
  // The opted-out developer gets nothing (the subscribed one's mail already went out).
  await page.waitForTimeout(1500);
  expect((await messagesTo(optedOut.email)).filter((m) => m.subject.includes(title))).toHaveLength(0);

  // The developer sees the bell count, opens the dropdown and reads it.
  const dev = await developerPage(browser, subscribed.email);
  await expect(dev.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ })).toBeVisible();
  const before = await unreadCount(dev);
  await dev.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  const dropdown = dev.getByRole('dialog');
  await expect(dropdown.getByText(title)).toBeVisible();
  await expect(dropdown.getByText('stop working')).toBeVisible();
  await expect(dropdown.getByRole('link', { name: 'See All Announcements' })).toHaveAttribute(
    'href',
    '/notifications',
  );
  await dropdown.getByRole('link', { name: 'Learn More' }).first().click();
  await expect(dev).toHaveURL(/\/notifications\/[0-9a-f-]{36}$/);
  await expect(dev.getByRole('heading', { name: title })).toBeVisible();
  await expect(dev.getByRole('heading', { name: 'What to do' })).toBeVisible();
  await expect(dev.getByRole('button', { name: `Notifications, ${before - 1} unread` })).toBeVisible();
  await dev.getByRole('link', { name: 'Back to Notifications' }).click();
  await expect(dev.getByRole('link', { name: new RegExp(title) })).toHaveAttribute('data-unread', 'false');

  // Reach: the admin list counts the reader and the e-mails.
  await page.reload();
  await expect(row).toContainText(/\b[1-9]\d* \/ 0\b/);

  // One click on the opt-out link turns critical e-mails off.
  await dev.goto(optOutLink!);
  await expect(
    dev.getByText(`${subscribed.email} will no longer receive critical notification e-mails.`),
  ).toBeVisible();
  const me = await subscribed.api.get('/api/v1/me');
  expect((await me.json()).critical_emails).toBe(false);
  await dev.context().close();

  // Admin edits it, then deletes it after confirming.
  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/admin\/notifications\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByRole('checkbox', { name: 'Critical' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Title' }).fill(`${title} (updated)`);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/admin\/notifications$/);
  const updated = page.getByRole('row').filter({ hasText: `${title} (updated)` });
  await expect(updated).toBeVisible();
  await updated.getByRole('link').first().click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirmDelete = page.getByRole('dialog');
  await expect(confirmDelete).toContainText(DELETE_QUESTION);
  await confirmDelete.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/admin\/notifications$/);
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
});

test('the preview follows what the admin types', async ({ page }) => {
  await signInTo(page, ADMIN_EMAIL, '/admin/notifications/new');
  const unread = page.getByTestId('preview-unread');
  const read = page.getByTestId('preview-read');
  await expect(unread.getByTestId('title-placeholder')).toBeVisible();
  await expect(unread.getByTestId('summary-placeholder')).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).pressSequentially('Fresh docs');
  await expect(unread.getByText('Fresh docs')).toBeVisible();
  await expect(read.getByText('Fresh docs')).toBeVisible();
  await expect(unread.getByTestId('title-placeholder')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Summary' }).pressSequentially('New **guides**');
  await expect(unread.getByText('New guides')).toBeVisible();
  await page.getByRole('textbox', { name: 'Body' }).fill('# Big news\n\n- one\n- two');
  await expect(page.getByTestId('preview-body').getByRole('heading', { name: 'Big news' })).toBeVisible();
  await expect(page.getByTestId('preview-body').getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\/notifications$/);
});

// The XSS corpus through announcements (and every other shown field) lives in xss.spec.ts.
