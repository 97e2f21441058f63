import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  type ApiClient,
  adminApi,
  confirmedDeveloper,
  createApp,
  PASSWORD,
  productionVersionBody,
} from '../support/api.ts';
import { ADMIN_EMAIL } from '../support/env.ts';
import { waitForMail } from '../support/mail.ts';
import { pngBytes } from '../support/png.ts';
import { signIn, signInTo } from '../support/session.ts';

// Issue 22: the paths between screens. An approved listing publishes the app; a production
// credentials request and a marketplace access request reach the reviewers' queue and inbox, and are
// decided there.

const SHOWCASE_VIDEO = path.join(import.meta.dirname, '../../server/src/seed/assets/showcase.mp4');

async function ok(response: Promise<{ ok(): boolean; status(): number; text(): Promise<string> }>) {
  const res = await response;
  expect(res.ok(), await res.text()).toBe(true);
  return res as unknown as { json(): Promise<Record<string, unknown>> };
}

/** A new developer with a new app (through the API); the developer's client and the app's id. */
async function developerWithApp(label: string) {
  const developer = await confirmedDeveloper(label);
  const name = `${label} ${Date.now() % 100_000}`;
  return { ...developer, name, appId: await createApp(developer.api, name) };
}

/** Staff's signed-in page in a context of its own. */
async function staffPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ADMIN_EMAIL);
  return page;
}

/** The review queue's row of an app. */
async function queueRow(admin: Page, name: string) {
  await admin.goto('/admin/review_queue');
  await expect(admin.getByRole('heading', { level: 1, name: 'Review Queue' })).toBeVisible();
  return admin.getByRole('row').filter({ has: admin.getByRole('link', { name, exact: true }) });
}

/** A complete listing for the app, in review, made through the API as its developer. */
async function listingInReview(api: ApiClient, staff: ApiClient, appId: string, publicName: string) {
  const headers = api.csrf;
  await ok(
    api.post(`/api/v1/developer_apps/${appId}/production_access`, { headers, data: { confidential: true } }),
  );
  const version = await ok(
    api.post('/api/v1/app_versions', {
      headers,
      data: productionVersionBody(appId, 'https://paths.example.com/app'),
    }),
  );
  await ok(api.post(`/api/v1/developer_apps/${appId}/marketplace_access`, { headers }));
  await ok(
    staff.post(`/api/v1/admin/developer_apps/${appId}/marketplace_access/approve`, { headers: staff.csrf }),
  );
  const created = await ok(
    api.post(`/api/v1/developer_apps/${appId}/submissions`, {
      headers,
      data: {
        public_name: publicName,
        tagline: 'Daily logs from the field, synced',
        description: 'Keeps daily logs, photos and weather in step with your projects.',
        about: 'Acme Builders Software makes tools for the field.',
        built_by: 'Acme Builders Software',
        sold_by: 'Acme Builders Software',
        how_it_works: 'Connect your company, pick projects, and logs flow both ways.',
        category_ids: [12],
        draft_developer_notes: 'Test account: demo/demo.',
        feature_bullets: ['Syncs daily logs', 'Keeps photos with entries', 'Works offline'],
        regions: { north_america: true },
        support_email: 'support@paths.example.com',
        website_link: { label: 'Website', url: 'https://paths.example.com' },
        contact_us_email: 'sales@paths.example.com',
        subscription_required: false,
        connector_required: false,
        has_trials: false,
        pricing_description: 'Free.',
        app_version_id: (await version.json()).id,
      },
    }),
  );
  const submissionId = (await created.json()).id as string;
  const video = await ok(
    api.post(`/api/v1/videos?developer_app_id=${appId}`, {
      headers,
      multipart: {
        file: { name: 'showcase.mp4', mimeType: 'video/mp4', buffer: await readFile(SHOWCASE_VIDEO) },
      },
    }),
  );
  const image = (name: string, width: number, height: number) => ({
    name,
    mimeType: 'image/png',
    buffer: pngBytes(width, height, { grey: 0x20, square: true }),
  });
  await ok(
    api.patch(`/api/v1/submissions/${submissionId}`, {
      headers,
      multipart: {
        'submission[small_logo]': image('logo.png', 200, 200),
        'submission[pictures_attributes][0][file]': image('one.png', 1280, 720),
        'submission[pictures_attributes][1][file]': image('two.png', 1280, 720),
        'submission[pictures_attributes][2][file]': image('three.png', 1280, 720),
        'submission[showcase_video_attributes][external_url]': (await video.json()).url as string,
      },
    }),
  );
  await ok(api.patch(`/api/v1/submissions/${submissionId}`, { headers, data: { state: 'in_review' } }));
}

test('staff approve a listing: the app shows published (banner, field lock, the admin list tick, the listing name)', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { api, email, name, appId } = await developerWithApp('Publisher');
  const staff = await adminApi();
  await listingInReview(api, staff, appId, `${name} Listing`);
  await staff.dispose();

  await signInTo(page, email, `/developer_apps/${appId}`, PASSWORD);
  const settings = page.getByRole('region', { name: 'App Settings' });
  await expect(settings.getByRole('textbox', { name: 'App listing name' })).toHaveValue('not available');
  await expect(page.getByText('Published app')).toHaveCount(0);

  // Staff approve it on the admin app page's Marketplace Listing tab.
  const admin = await staffPage(browser);
  await admin.goto(`/admin/developer_apps/${appId}`);
  await admin.getByRole('tab', { name: 'Marketplace Listing' }).click();
  await admin.getByRole('tabpanel').getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('The listing was approved and published.')).toBeVisible();

  // The admin Developer Apps list ticks Published.
  await admin.goto(`/admin/developer_apps?search=${encodeURIComponent(name)}`);
  const listRow = admin.getByRole('row').filter({ has: admin.getByRole('link', { name, exact: true }) });
  await expect(listRow.getByRole('img', { name: 'Yes' })).toBeVisible();
  await admin.context().close();

  // The developer's page: the published banner, the field lock and the listing's name.
  await page.reload();
  await expect(page.getByText('Published app')).toBeVisible();
  await expect(
    page.getByText(
      'This app is published in the marketplace. Changes to it can affect companies that have installed it.',
    ),
  ).toBeVisible();
  await expect(
    settings.getByText('This is a published integration so some fields have been disabled.'),
  ).toBeVisible();
  await expect(settings.getByRole('textbox', { name: 'App listing name' })).toHaveValue(`${name} Listing`);
  await expect(settings.getByRole('textbox', { name: 'Internal name' })).toBeDisabled();
});

test("a production credentials request is in the review queue and the reviewer's outbox, and approved from the queue", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { email, name, appId } = await developerWithApp('Keys');
  await signInTo(page, email, `/developer_apps/${appId}`, PASSWORD);
  const credentials = page.getByRole('region', { name: 'Authentication Credentials' });
  await credentials.getByRole('button', { name: 'Request production credentials' }).click();
  const request = page.getByRole('dialog', { name: 'Request production credentials' });
  await request.getByRole('button', { name: 'Request' }).click();
  await expect(
    credentials.getByText('Your request for production credentials is awaiting approval.', { exact: false }),
  ).toBeVisible();

  const admin = await staffPage(browser);
  // The reviewer's outbox holds the request's e-mail (and the SMTP sink received it).
  const subject = `Production credentials requested: ${name}`;
  await admin.goto('/admin/outbox');
  await admin.getByLabel('Filter by recipient').fill(ADMIN_EMAIL);
  await expect(admin.getByRole('row').filter({ hasText: subject })).toBeVisible({ timeout: 15_000 });
  await waitForMail(ADMIN_EMAIL, new RegExp(`^${subject}$`));

  // The queue lists it with its own tag and its date.
  const row = await queueRow(admin, name);
  const cells = row.getByRole('cell');
  await expect(cells.nth(2)).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await expect(cells.nth(3)).toHaveText('Production Credentials');
  await row.getByRole('button', { name: `Approve credentials for ${name}` }).click();
  await expect(admin.getByText(`Production credentials approved for ${name}.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await admin.context().close();

  await waitForMail(email, /^Production credentials approved/);
  await page.reload();
  await expect(credentials.getByRole('button', { name: 'Show credentials' })).toBeVisible();
});

test('a new app asks for marketplace access; staff enable it from the queue; the developer opens the listing editor', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { email, name, appId } = await developerWithApp('Lister');
  await signInTo(page, email, `/developer_apps/${appId}`, PASSWORD);
  const card = page.getByRole('region', { name: 'Marketplace Listing' });
  await expect(
    card.getByText('The marketplace listing is not enabled for this app yet.', { exact: false }),
  ).toBeVisible();
  await card.getByRole('button', { name: 'Request marketplace access' }).click();
  const pending = card.getByRole('status');
  await expect(pending).toContainText('Marketplace access requested');
  await expect(pending).toContainText('you get an e-mail when the listing is enabled');
  await page.reload();
  await expect(card.getByRole('status')).toContainText('Marketplace access requested');

  await waitForMail(ADMIN_EMAIL, new RegExp(`^Marketplace access requested: ${name}$`));
  const admin = await staffPage(browser);
  const row = await queueRow(admin, name);
  await expect(row.getByRole('cell').nth(3)).toHaveText('Marketplace Access');
  await row.getByRole('button', { name: `Enable marketplace for ${name}` }).click();
  await expect(admin.getByText(`Marketplace listing enabled for ${name}.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  // The admin app page's Marketplace enabled is the same switch, now on.
  await admin.goto(`/admin/developer_apps/${appId}`);
  await admin.getByRole('tab', { name: 'Marketplace Listing' }).click();
  await expect(admin.getByRole('switch', { name: 'Marketplace enabled' })).toBeChecked();
  await admin.context().close();

  const told = await waitForMail(email, new RegExp(`^Marketplace listing enabled: ${name}$`));
  const link = /https?:\/\/\S+\?tab=marketplaceListing/.exec(told.text)?.[0];
  expect(link, told.text).toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  const editor = page.getByRole('region', { name: 'Marketplace Listing' });
  await expect(editor.getByText('0 of 6 sections completed')).toBeVisible();
  await expect(editor.getByRole('textbox', { name: 'Public name' })).toBeVisible();
});
