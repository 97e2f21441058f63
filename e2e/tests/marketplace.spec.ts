import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { adminApi, confirmedDeveloper, createApp, productionVersionBody } from '../support/api.ts';
import { DEVELOPER_EMAIL, PORTAL_URL } from '../support/env.ts';
import { pngBytes } from '../support/png.ts';
import { signIn, staffOnAppTab } from '../support/session.ts';

/** A white image with a dark square in the middle (a logo on a white background, or a screenshot). */
const WHITE_WITH_SQUARE = { grey: 0x20, square: true };
/** A PNG of that size for a file input. */
const png = (name: string, width: number, height: number) => ({
  name,
  mimeType: 'image/png',
  buffer: pngBytes(width, height, WHITE_WITH_SQUARE),
});
/** The file input of a media drop zone, by the start of its button's name. */
const dropZone = (scope: Locator | Page, zone: RegExp) =>
  scope.getByRole('button', { name: zone }).locator('input[type=file]');

/** A real MP4 (the demo seed's own). */
const SHOWCASE_VIDEO = path.join(import.meta.dirname, '../../server/src/seed/assets/showcase.mp4');

/** The seeded app of the demo developer whose listing is in review. */
async function seededAppId(page: Page, name: string): Promise<string> {
  const res = await page.request.get(`/api/v1/developer_apps?filters[search]=${encodeURIComponent(name)}`);
  expect(res.ok()).toBe(true);
  const app = ((await res.json()) as { id: string; internal_name: string }[]).find(
    (item) => item.internal_name === name,
  );
  expect(app, `the seeded ${name} app`).toBeTruthy();
  return app!.id;
}

/** A desktop Chrome's user agent: a person's browser. */
const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** Headless Chromium's own user agent, which the server counts as a bot. */
const HEADLESS_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';

type MetricsPayload = { daily_marketplace_app_views_aggregates: { total_count: number } };

const listingCard = (page: Page) => page.getByRole('region', { name: 'Marketplace Listing' });
/** One of the engagement report's KPI cards. */
const kpi = (page: Page, name: string) => page.getByRole('group', { name });

async function confirmIn(page: Page, dialogName: string, button: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

/** Submits the listing from its card (`button`: Submit or Resubmit for Review); it is then locked in review. */
async function submitForReview(page: Page, card: Locator, button = 'Submit for Review') {
  await card.getByRole('button', { name: button }).click();
  await confirmIn(page, 'Submit for Review?', 'Submit');
  await expect(card.getByText('Changes are locked until you withdraw it from review.')).toBeVisible();
}

/** Staff's view of the listing: the admin app page's Marketplace Listing tab. */
async function tab(card: Locator, name: RegExp) {
  await card.getByRole('tab', { name }).click();
}

test('a listing withdrawn, edited (field error, new logo, screenshot and showcase video replaced, a wrong-size screenshot refused), submitted, rejected with a message, resubmitted, approved silently and shown in the marketplace', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEVELOPER_EMAIL);
  const appId = await seededAppId(page, 'Punch List Importer');
  await page.goto(`/developer_apps/${appId}`);
  const card = listingCard(page);

  // The intro banner, once dismissed, stays dismissed.
  const intro = card.getByRole('note').filter({ hasText: 'List your app in the marketplace' });
  await intro.getByRole('button', { name: 'Dismiss' }).click();
  await expect(intro).toBeHidden();

  // In review: read-only, with the notice; the developer withdraws it.
  await expect(card.getByText('Changes are locked until you withdraw it from review.')).toBeVisible();
  await expect(card.getByRole('textbox', { name: 'Public name' })).toHaveAttribute('readonly', '');
  await card.getByRole('button', { name: 'Withdraw from Review' }).click();
  // Back to a draft, which shows developers no state banner (spec admin §4).
  await expect(card.getByText('Changes are locked until you withdraw it from review.')).toBeHidden();
  await expect(card.getByRole('button', { name: 'Withdraw from Review' })).toBeHidden();
  await expect(card.getByText(/This listing is a draft/)).toHaveCount(0);
  await expect(card.getByText(/\d of 6 sections completed/)).toBeVisible();

  // Edit: a new tagline; a bad support e-mail is refused at the field and marks its tab.
  const tagline = `Import punch lists from any spreadsheet ${Date.now() % 10_000}`;
  await card.getByRole('textbox', { name: 'Tagline' }).fill(tagline);
  await tab(card, /Support/);
  await card.getByRole('textbox', { name: 'Support email' }).fill('not-an-email');
  await expect(card.getByText('This email is invalid')).toBeVisible();
  await expect(
    card.getByRole('tab', { name: /Support/ }).getByRole('img', { name: 'This tab has errors' }),
  ).toBeVisible();
  await card.getByRole('textbox', { name: 'Support email' }).fill('help@punchlist.example.com');
  await expect(card.getByText('This email is invalid')).toBeHidden();
  await expect(card.getByRole('button', { name: 'Submit for Review' })).toBeDisabled();
  await card.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Marketplace listing saved.')).toBeVisible();

  // The draft's preview: its people see it as it would look; a stranger does not.
  const preview = (await card.getByRole('link', { name: 'Preview the listing' }).getAttribute('href'))!;
  expect(preview).toMatch(/^\/marketplace\/previews\/[^/]+$/);
  await page.goto(preview);
  await expect(page.getByText('Preview: this listing is not published.')).toBeVisible();
  await expect(page.getByText(tagline)).toBeVisible();
  const stranger = await confirmedDeveloper('Marketplace Stranger');
  const refused = await stranger.api.get(`/api/v1${preview}`);
  expect([403, 404]).toContain(refused.status());
  await stranger.api.dispose();
  await page.goto(`/developer_apps/${appId}`);

  // A new logo, uploaded on drop with its progress, saved at once.
  await tab(card, /Media Content/);
  const logoBefore = await card.getByRole('img', { name: "The listing's logo" }).getAttribute('src');
  await dropZone(card, /^Logo:/).setInputFiles(png('logo.png', 200, 200));
  await expect(card.getByRole('img', { name: "The listing's logo" })).not.toHaveAttribute(
    'src',
    logoBefore ?? '',
  );
  await expect(card.getByRole('alert')).toHaveCount(0);

  // A screenshot replaced: removing asks 'Delete File?'; with two left the section is incomplete.
  await card.getByRole('button', { name: 'Remove screenshot 1' }).click();
  await confirmIn(page, 'Delete File?', 'Delete File');
  await expect(card.getByRole('button', { name: 'Remove screenshot 3' })).toBeHidden();
  await expect(card.getByText('5 of 6 sections completed')).toBeVisible();
  await dropZone(card, /^Add a screenshot:/).setInputFiles(png('screen.png', 1280, 720));
  await expect(card.getByRole('button', { name: 'Remove screenshot 3' })).toBeVisible();

  // A screenshot of the wrong size is refused with the server's message at the field.
  await dropZone(card, /^Add a screenshot:/).setInputFiles(png('tiny.png', 300, 200));
  await expect(page.getByRole('alert', { name: "Couldn't Save Marketplace Listing." })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Remove screenshot 4' })).toHaveCount(0);
  await expect(
    card.getByRole('tab', { name: /Media Content/ }).getByRole('img', { name: 'This tab has errors' }),
  ).toBeVisible();
  await page
    .getByRole('alert', { name: "Couldn't Save Marketplace Listing." })
    .getByRole('button', { name: 'Dismiss' })
    .click();
  await expect(card.getByText('Screenshots must be between 720x480 and 1920x1080 pixels')).toBeVisible();

  // The showcase video replaced by a new upload to the media host.
  await card
    .getByRole('button', { name: /^Remove video/ })
    .first()
    .click();
  await confirmIn(page, 'Delete File?', 'Delete File');
  await dropZone(card, /^Showcase video:/).setInputFiles(SHOWCASE_VIDEO);
  await expect(card.getByRole('button', { name: /^Remove video/ })).toHaveCount(1);
  await expect(card.getByText('6 of 6 sections completed')).toBeVisible();

  // Submit: confirmation, then the listing is in review.
  await submitForReview(page, card);

  // The admin rejects it with a message (saved first, as the buttons ask).
  const admin = await staffOnAppTab(browser, appId, 'Marketplace Listing');
  await expect(admin.getByRole('status').filter({ hasText: 'waiting for your review' })).toBeVisible();
  await expect(admin.getByRole('textbox', { name: 'Tagline' })).toHaveValue(tagline);
  // Staff attach the security questionnaire document (a PDF).
  await dropZone(admin, /^Security questionnaire document:/).setInputFiles({
    name: 'security.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  await expect(admin.getByRole('link', { name: 'security.pdf' })).toBeVisible();
  await admin
    .getByRole('textbox', { name: /Message to the developer/ })
    .fill('Please show the import screen first.');
  await expect(admin.getByRole('tabpanel').getByRole('button', { name: 'Reject' })).toBeDisabled();
  // Leaving the tab with the unsaved message asks first; dismissing stays on it, message kept.
  const asked: string[] = [];
  admin.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await admin.getByRole('tab', { name: 'General' }).click();
  await expect.poll(() => asked).toEqual(['You have unsaved changes, are you sure you wish to continue?']);
  await expect(admin.getByRole('tab', { name: 'Marketplace Listing' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(admin.getByRole('textbox', { name: /Message to the developer/ })).toHaveValue(
    'Please show the import screen first.',
  );
  await admin.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(admin.getByRole('tabpanel').getByRole('button', { name: 'Reject' })).toBeEnabled();
  await admin.getByRole('tabpanel').getByRole('button', { name: 'Reject' }).click();
  await expect(admin.getByText('The listing was rejected.')).toBeVisible();
  // The document, the message saved on its own and the rejection are on the app's History, without
  // a reload.
  const history = admin.getByRole('region', { name: 'History' });
  await expect(history.getByText('Marketplace listing edited')).toHaveCount(2);
  await expect(history.getByText('Marketplace listing rejected')).toBeVisible();

  // The developer sees the rejection with the message, and resubmits.
  await page.reload();
  await expect(card.getByRole('note').filter({ hasText: 'List your app in the marketplace' })).toHaveCount(0);
  const rejected = card.getByRole('status').filter({ hasText: 'Rejected' });
  await expect(rejected.getByText('Please show the import screen first.')).toBeHidden();
  await rejected.getByRole('button', { name: "Show the reviewer's notes" }).click();
  await expect(rejected.getByText('Please show the import screen first.')).toBeVisible();
  await submitForReview(page, card, 'Resubmit for Review');

  // The admin approves, publishing silently.
  await admin.reload();
  await admin.getByRole('tab', { name: 'Marketplace Listing' }).click();
  await admin.getByRole('checkbox', { name: 'Publish silently' }).check();
  await admin.getByRole('tabpanel').getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('The listing was approved and published.')).toBeVisible();
  await admin.context().close();

  // The public marketplace shows the published listing.
  await page.goto('/marketplace');
  await page.getByRole('searchbox', { name: 'Search apps' }).fill('Punch List');
  await expect(page.getByRole('link', { name: 'Field Sync' })).toBeHidden();
  await page.getByRole('link', { name: 'Punch List Importer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Punch List Importer' })).toBeVisible();
  await expect(page.getByText(tagline)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Learn how' })).toHaveAttribute(
    'href',
    'https://punchlist.example.com/how-it-works',
  );
});

test('a new app shows the activation screen: two cards linking to the partner forms', async ({ page }) => {
  await signIn(page, DEVELOPER_EMAIL);
  const config = await (await page.request.get('/api/v1/config')).json();
  await page.goto(
    `/developer_apps/${await createApp(page.request, `Listing Activation ${Date.now() % 100_000}`)}`,
  );
  const card = listingCard(page);
  await expect(card.getByRole('heading', { name: 'I am a current partner' })).toBeVisible();
  await expect(card.getByRole('heading', { name: 'I am not a partner yet' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Request a listing' })).toHaveAttribute(
    'href',
    config.marketplace_partner_form_url,
  );
  await expect(card.getByRole('link', { name: 'Become a partner' })).toHaveAttribute(
    'href',
    config.marketplace_new_partner_form_url,
  );
  await expect(card.getByRole('tab')).toHaveCount(0);
});

test('a new listing filled from nothing: logo, three screenshots, a video, every section and the version, M of M, submitted, approved, public; a visit counts once a day', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signIn(page, DEVELOPER_EMAIL);
  const config = await (await page.request.get('/api/v1/config')).json();
  const name = `Site Diary ${Date.now() % 100_000}`;
  const appId = await createApp(page.request, name);

  // The app has a production version for the listing to name.
  const headers = { 'x-csrf-token': config.csrf_token };
  const access = await page.request.post(`/api/v1/developer_apps/${appId}/production_access`, {
    headers,
    data: { confidential: true },
  });
  expect(access.ok(), await access.text()).toBe(true);
  const version = await page.request.post('/api/v1/app_versions', {
    headers,
    data: productionVersionBody(appId, 'https://diary.example.com/app'),
  });
  expect(version.status(), await version.text()).toBe(201);

  // Staff switch the marketplace on in the admin app page's Marketplace Listing tab.
  const admin = await staffOnAppTab(browser, appId, 'Marketplace Listing');
  const enabledSwitch = admin.getByRole('switch', { name: 'Marketplace enabled' });
  await expect(enabledSwitch).not.toBeChecked();
  // The switch follows the saved app, so it turns on once the server has answered.
  await enabledSwitch.click();
  await expect(enabledSwitch).toBeChecked();
  await admin.context().close();

  await page.goto(`/developer_apps/${appId}`);
  const card = listingCard(page);
  await expect(card.getByText('0 of 6 sections completed')).toBeVisible();

  // Media, each saved as it is dropped (the first creates the draft).
  await tab(card, /Media Content/);
  await dropZone(card, /^Logo:/).setInputFiles(png('logo.png', 200, 200));
  await expect(card.getByRole('img', { name: "The listing's logo" })).toBeVisible();
  // Three screenshots chosen at once, saved one after another.
  await dropZone(card, /^Add a screenshot:/).setInputFiles(
    [1, 2, 3].map((n) => png(`screen-${n}.png`, 1280 + n * 8, 720 + n * 8)),
  );
  for (const n of [1, 2, 3])
    await expect(card.getByRole('button', { name: `Remove screenshot ${n}` })).toBeVisible();
  await dropZone(card, /^Showcase video:/).setInputFiles(SHOWCASE_VIDEO);
  await expect(card.getByRole('button', { name: /^Remove video/ })).toHaveCount(1);

  await tab(card, /App Information/);
  await card.getByRole('textbox', { name: 'Public name' }).fill(name);
  await card.getByRole('textbox', { name: 'Tagline' }).fill('The site diary that writes itself');
  await card.getByLabel('Categories').click();
  await page.getByRole('option', { name: 'Analytics & Reporting' }).click();
  await card.getByRole('textbox', { name: 'Description' }).fill('Daily reports from photos and notes.');
  await card.getByRole('textbox', { name: 'How it works' }).fill('Snap, describe, done.');
  await card.getByRole('textbox', { name: 'About the company' }).fill('A small team of builders.');
  await card.getByRole('textbox', { name: 'Built by' }).fill('Diary Co');
  await card.getByRole('textbox', { name: 'Sold by' }).fill('Diary Co');
  await card.getByRole('textbox', { name: 'Notes for the reviewer' }).fill('Test account: demo/demo.');
  await card.getByRole('combobox', { name: 'App version' }).click();
  await page.getByRole('option', { name: '1.0.0' }).click();

  await tab(card, /Pricing/);
  await card.getByRole('textbox', { name: 'Pricing description' }).fill('Free.');
  for (const question of [
    'Does the app offer a free trial?',
    'Is a connector required?',
    'Is a subscription required?',
  ])
    await card.getByRole('radiogroup', { name: question }).getByRole('radio', { name: 'No' }).check();
  await card.getByRole('checkbox', { name: 'All regions' }).check();

  await tab(card, /Support/);
  await card.getByRole('textbox', { name: 'Support email' }).fill('help@diary.example.com');
  await card.getByRole('textbox', { name: 'Website label' }).fill('Diary Co');
  await card.getByRole('textbox', { name: 'Website URL' }).fill('https://diary.example.com');

  await tab(card, /Features/);
  for (const n of [1, 2, 3])
    await card.getByRole('textbox', { name: `Feature ${n}` }).fill(`Feature number ${n}`);

  await tab(card, /Contact/);
  await card.getByRole('radio', { name: 'Contact us by email' }).check();
  await card.getByRole('textbox', { name: 'Contact us email' }).fill('sales@diary.example.com');

  await expect(card.getByText('6 of 6 sections completed')).toBeVisible();
  await card.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Marketplace listing saved.')).toBeVisible();
  await submitForReview(page, card);

  // Staff approve; the marketplace shows it.
  const staff = await adminApi();
  const listing = await (await staff.get(`/api/v1/admin/developer_apps/${appId}/submissions`)).json();
  const approved = await staff.patch(`/api/v1/admin/submissions/${listing.unpublished_app.id}`, {
    headers: staff.csrf,
    data: { approval_state: 'approved', silent: true },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  const { slug } = (await approved.json()) as { slug: string };
  await staff.dispose();
  await page.goto(`/marketplace/apps/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('The site diary that writes itself')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Screenshot 3' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute(
    'href',
    'mailto:sales@diary.example.com',
  );

  // Views for the app's metrics, as its owner reads them. The developer's visit above counted once
  // (a signed-in person; the config's browser sends a desktop Chrome user agent).
  const views = async () => {
    const res = await page.request.get(`/api/v1/developer_apps/${appId}/metrics`);
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as MetricsPayload).daily_marketplace_app_views_aggregates.total_count;
  };
  expect(await views()).toBe(1);

  // The developer reads it in the app's Metrics tab (the tabbed page: this browser is put in the beta),
  // and exports the installations (the header row: the portal has no installation source yet).
  await page.evaluate(() => window.localStorage.setItem('developer-apps-beta-forced', 'true'));
  await page.goto(`/developer_apps/${appId}`);
  await page
    .getByRole('navigation', { name: 'App Information' })
    .getByRole('button', { name: 'Metrics' })
    .click();
  await expect(page.getByRole('heading', { name: 'App Engagement Report' })).toBeVisible();
  await expect(kpi(page, 'Total Marketplace Visits')).toBeVisible();
  await expect(kpi(page, 'Total Marketplace Visits').getByText('1', { exact: true })).toBeVisible();
  await expect(kpi(page, 'Company Installations').getByText('0', { exact: true })).toBeVisible();
  // The chart counts in whole steps (one view: 0 and 1, no 0.25).
  const ticks = page.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
  await expect(ticks.first()).toBeVisible();
  expect(await ticks.allTextContents()).toEqual(expect.arrayContaining(['0', '1']));
  for (const tick of await ticks.allTextContents()) expect(tick).toMatch(/^\d+$/);
  await expect(page.getByText('No company has installed this app yet.')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${appId}-installations.csv`);
  expect(await readFile(await download.path(), 'utf8')).toBe(
    'id,company_name,company_is_demo,user_email_address,procore_updated_at,status\r\n',
  );
  await page.evaluate(() => window.localStorage.removeItem('developer-apps-beta-forced'));

  // Coming back the same day is not another view.
  await page.goto(`/marketplace/apps/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(await views()).toBe(1);

  // Another person's desktop Chrome adds one view, and only one however often it comes back today.
  const visitor = await browser.newContext({ baseURL: PORTAL_URL, userAgent: DESKTOP_CHROME });
  const person = await visitor.newPage();
  await person.goto(`/marketplace/apps/${slug}`);
  await expect(person.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect.poll(views).toBe(2);
  await person.reload();
  await expect(person.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(await views()).toBe(2);
  await visitor.close();

  // Headless Chromium's own user agent is an obvious bot: no view.
  const robot = await browser.newContext({ baseURL: PORTAL_URL, userAgent: HEADLESS_CHROME });
  const crawler = await robot.newPage();
  await crawler.goto(`/marketplace/apps/${slug}`);
  await expect(crawler.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(await views()).toBe(2);
  await robot.close();

  // Staff read the same report in the admin app page's Metrics tab.
  const staffPage = await staffOnAppTab(browser, appId, 'Metrics');
  await expect(kpi(staffPage, 'Total Marketplace Visits').getByText('2', { exact: true })).toBeVisible();
  await expect(staffPage.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    `/admin/developer_apps/${appId}/installations.csv`,
  );
  await staffPage.context().close();
});
