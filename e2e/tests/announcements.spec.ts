import { type APIRequestContext, type Browser, expect, type Page, request, test } from '@playwright/test';
import { ADMIN_EMAIL, PORTAL_URL } from '../support/env.ts';
import { linkIn, messagesTo, waitForMail } from '../support/mail.ts';
import { signIn, uniqueEmail } from '../support/session.ts';

const PASSWORD = 'a good long password';
const CRITICAL_QUESTION =
  'You are about to create a critical notification which will cause emails to be sent out to those subscribed. Do you wish to continue?';
const DELETE_QUESTION = 'Are you sure you wish to delete this notification?';

/** An API client with its own cookies that sends the CSRF token like the web app does. */
async function apiClient(): Promise<APIRequestContext & { csrf: Record<string, string> }> {
  const api = await request.newContext({ baseURL: PORTAL_URL });
  const config = await (await api.get('/api/v1/config')).json();
  return Object.assign(api, { csrf: { 'x-csrf-token': config.csrf_token as string } });
}

/** Signs a developer up through the API and confirms the e-mailed link; returns a signed-in client. */
async function confirmedDeveloper(name: string, criticalEmails = true) {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, ''));
  const api = await apiClient();
  const signUp = await api.post('/api/v1/auth/sign_up', {
    headers: api.csrf,
    data: { name, email, password: PASSWORD },
  });
  expect(signUp.status()).toBe(201);
  const mail = await waitForMail(email, /Confirm your/);
  const token = new URL(linkIn(mail.text, '/confirm')).searchParams.get('token');
  const confirm = await api.post('/api/v1/auth/confirm', { headers: api.csrf, data: { token } });
  expect(confirm.ok()).toBe(true);
  const config = await (await api.get('/api/v1/config')).json();
  api.csrf['x-csrf-token'] = config.csrf_token;
  if (!criticalEmails) {
    const off = await api.patch('/api/v1/me', { headers: api.csrf, data: { critical_emails: false } });
    expect(off.ok()).toBe(true);
  }
  return { email, api };
}

async function adminApi() {
  const api = await apiClient();
  const res = await api.post('/api/v1/auth/sign_in', {
    headers: api.csrf,
    data: { email: ADMIN_EMAIL, password: 'demo-password-e2e' },
  });
  expect(res.ok()).toBe(true);
  const config = await (await api.get('/api/v1/config')).json();
  api.csrf['x-csrf-token'] = config.csrf_token;
  return api;
}

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
  const subscribed = await confirmedDeveloper('Sam Subscribed');
  const optedOut = await confirmedDeveloper('Olly Optedout', false);
  const title = `Rotate your secrets ${Date.now()}`;

  await signIn(page, ADMIN_EMAIL);
  await page.goto('/admin/notifications');
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
  await signIn(page, ADMIN_EMAIL);
  await page.goto('/admin/notifications/new');
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

const XSS_PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<svg onload="window.__xss=1">',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<body onload="window.__xss=1">',
  '<a href="javascript:window.__xss=1">html link</a>',
  '[md link](javascript:window.__xss=1)',
  '[md link2](JaVaScRiPt:window.__xss=1)',
  '[md link3](  javascript:window.__xss=1)',
  '[data link](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==)',
  '![img](javascript:window.__xss=1)',
  '![img2](data:image/svg+xml,<svg onload=window.__xss=1>)',
  '<details open ontoggle="window.__xss=1">',
  '<input autofocus onfocus="window.__xss=1">',
  '<video><source onerror="window.__xss=1"></video>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>',
  '"><script>window.__xss=1</script>',
  "'><img src=x onerror=window.__xss=1>",
  '<object data="javascript:window.__xss=1"></object>',
  '<embed src="javascript:window.__xss=1">',
  '<form action="javascript:window.__xss=1"><button>go</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<style>@import "javascript:window.__xss=1";</style>',
  '<div style="background:url(javascript:window.__xss=1)">x</div>',
  '<a href="&#106;avascript:window.__xss=1">entity</a>',
  '[entity md](&#106;avascript:window.__xss=1)',
  '<scr<script>ipt>window.__xss=1</scr</script>ipt>',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  '<marquee onstart="window.__xss=1">m</marquee>',
  '<select autofocus onfocus="window.__xss=1"></select>',
  '[vb](vbscript:msgbox(1))',
  '<a href="java\tscript:window.__xss=1">tab</a>',
  '{{constructor.constructor("window.__xss=1")()}}',
  '<textarea autofocus onfocus="window.__xss=1"></textarea>',
  '<base href="javascript:window.__xss=1//">',
  '<link rel="stylesheet" href="javascript:window.__xss=1">',
];

async function expectNothingExecuted(page: Page, dialogs: string[]) {
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  const unsafe = await page.evaluate(() => {
    const found: string[] = [];
    const banned = [
      'SCRIPT',
      'IFRAME',
      'OBJECT',
      'EMBED',
      'BASE',
      'META',
      'FORM',
      'INPUT',
      'STYLE',
      'SVG',
      'MATH',
    ];
    for (const el of Array.from(document.querySelectorAll('[data-markdown] *'))) {
      if (banned.includes(el.tagName.toUpperCase())) found.push(el.tagName);
    }
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        if (/^on/i.test(attr.name)) found.push(`${el.tagName}[${attr.name}]`);
        if (
          /^(href|src|action|data|formaction)$/i.test(attr.name) &&
          /^\s*(javascript|data|vbscript):/i.test(attr.value)
        )
          found.push(`${el.tagName}[${attr.name}=${attr.value}]`);
      }
    }
    return found;
  });
  expect(unsafe).toEqual([]);
}

test('an XSS corpus in title, summary and body executes nothing in bell, list, reader and preview', async ({
  page,
  browser,
}) => {
  expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(30);
  const admin = await adminApi();
  const groups = 6;
  const ids: string[] = [];
  for (let i = 0; i < groups; i++) {
    const slice = XSS_PAYLOADS.filter((_, index) => index % groups === i);
    const res = await admin.post('/api/v1/admin/notifications', {
      headers: admin.csrf,
      data: {
        title: `XSS ${i} ${slice[0]}`.slice(0, 200),
        summary: slice.join(' '),
        body: slice.join('\n\n'),
      },
    });
    expect(res.status()).toBe(201);
    ids.push((await res.json()).id);
  }

  const { email } = await confirmedDeveloper('Xavier Xss');
  const dev = await developerPage(browser, email);
  const devDialogs: string[] = [];
  dev.on('dialog', (dialog) => {
    devDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await dev.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await expect(
    dev
      .getByRole('dialog')
      .getByText(/^XSS \d/)
      .first(),
  ).toBeVisible();
  await expectNothingExecuted(dev, devDialogs);

  await dev.goto('/notifications');
  await expect(dev.getByRole('link', { name: /XSS 0/ })).toBeVisible();
  await expectNothingExecuted(dev, devDialogs);

  for (const id of ids) {
    await dev.goto(`/notifications/${id}`);
    await expect(dev.getByRole('heading', { name: /^XSS \d/ })).toBeVisible();
    await dev.waitForTimeout(200);
    await expectNothingExecuted(dev, devDialogs);
  }
  await dev.context().close();

  const adminDialogs: string[] = [];
  page.on('dialog', (dialog) => {
    adminDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(page, ADMIN_EMAIL);
  await page.goto('/admin/notifications');
  await expect(page.getByRole('link', { name: /^XSS 0/ })).toBeVisible();
  await expectNothingExecuted(page, adminDialogs);
  for (const id of ids) {
    await page.goto(`/admin/notifications/${id}/edit`);
    await expect(page.getByTestId('preview-unread').getByRole('heading', { name: /^XSS \d/ })).toBeVisible();
    await page.waitForTimeout(200);
    await expectNothingExecuted(page, adminDialogs);
  }
  // Typing a payload into the form executes nothing either.
  await page.goto('/admin/notifications/new');
  await page.getByRole('textbox', { name: 'Body' }).fill(XSS_PAYLOADS.join('\n\n'));
  await page.getByRole('textbox', { name: 'Summary' }).fill(XSS_PAYLOADS.slice(0, 5).join(' '));
  await page.getByRole('textbox', { name: 'Title' }).fill(XSS_PAYLOADS[1]!);
  await expect(page.getByTestId('preview-unread').getByText(XSS_PAYLOADS[1]!)).toBeVisible();
  await page.waitForTimeout(300);
  await expectNothingExecuted(page, adminDialogs);
});
