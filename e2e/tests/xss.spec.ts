import { type Browser, expect, request, test } from '@playwright/test';
import { adminApi, confirmedDeveloper, createApp, PASSWORD } from '../support/api.ts';
import { ADMIN_EMAIL, DEMO_PASSWORD, PORTAL_URL, SERVICE_TOKEN } from '../support/env.ts';
import { waitForMail } from '../support/mail.ts';
import { signIn, signInTo } from '../support/session.ts';
import { armXssCanary, expectNothingExecuted } from '../support/xss-detect.ts';
import { packPayloads, XSS_PAYLOADS } from '../support/xss-payloads.ts';

// The XSS corpus through every field the portal shows back: seeded in bulk over the API, many payloads
// per record and per page load, then rendered on every screen that shows the field and in every
// e-mail the records caused. Detection: dialogs, the `__xss()` canary and executable markup left in
// the DOM (support/xss-detect.ts).

test.describe.configure({ mode: 'serial' });

/** Every address this file creates carries the run tag, so the outbox filter finds exactly them. */
const RUN = `xss${Date.now().toString(36)}`;
const NAMES = packPayloads(120);
const TITLES = packPayloads(200);
const SUMMARIES = packPayloads(1000);
const BODY = XSS_PAYLOADS.join('\n\n');

async function armedPage(browser: Browser, email: string, password = PASSWORD) {
  const context = await browser.newContext();
  const dialogs = await armXssCanary(context);
  const page = await context.newPage();
  await signIn(page, email, password);
  return { page, dialogs };
}

/** Redirect URI lines that pass the server's rules but carry the payload in the query. */
function redirectUris(): string[] {
  const lines = XSS_PAYLOADS.map((p) => `https://example.com/cb?x=${p.replace(/[\r\n*]/g, ' ')}`).filter(
    (line) => {
      try {
        return new URL(line.trim()).hostname === 'example.com';
      } catch {
        return false;
      }
    },
  );
  const fields: string[] = [];
  let current = '';
  for (const line of lines) {
    if (current && current.length + line.length + 1 > 4000) {
      fields.push(current);
      current = '';
    }
    current = current ? `${current}\n${line}` : line;
  }
  return [...fields, current];
}

test('the corpus is big enough and fits every field', () => {
  expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(100);
  expect(new Set(XSS_PAYLOADS).size).toBe(XSS_PAYLOADS.length);
  for (const payload of XSS_PAYLOADS) {
    expect(payload.length).toBeLessThanOrEqual(120);
    expect(payload).not.toContain('\u0000');
  }
});

test('announcement title, summary and body execute nothing in bell, list, reader, admin list and preview', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await adminApi();
  const { email } = await confirmedDeveloper('Xavier Reader', true, `${RUN}.reader@example.com`);
  const ids: string[] = [];
  for (const [i, title] of TITLES.entries()) {
    const res = await admin.post('/api/v1/admin/notifications', {
      headers: admin.csrf,
      // Critical ones are e-mailed (subject and body) to every subscriber, the reader above included.
      data: { title, summary: SUMMARIES[i % SUMMARIES.length], body: BODY, critical: i < 5 },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push((await res.json()).id);
  }

  const dev = await armedPage(browser, email);
  await dev.page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await expect(dev.page.getByRole('dialog').getByRole('link', { name: 'Learn More' }).first()).toBeVisible();
  await expectNothingExecuted(dev.page, dev.dialogs);
  for (const page of [1, 2]) {
    await dev.page.goto(`/notifications?page=${page}`);
    await expect(dev.page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await expectNothingExecuted(dev.page, dev.dialogs);
  }
  // Every reader page holds the whole corpus in its body; list pages above already showed every title.
  for (const id of ids.slice(0, SUMMARIES.length)) {
    await dev.page.goto(`/notifications/${id}`);
    await expect(dev.page.locator('[data-markdown]').first()).toBeVisible();
    await expectNothingExecuted(dev.page, dev.dialogs);
  }
  await dev.page.context().close();

  const staff = await armedPage(browser, ADMIN_EMAIL, DEMO_PASSWORD);
  await staff.page.goto('/admin/notifications');
  await expect(staff.page.getByRole('link', { name: TITLES[0]!.trim() })).toBeVisible();
  await expectNothingExecuted(staff.page, staff.dialogs);
  for (const id of ids.slice(0, SUMMARIES.length)) {
    await staff.page.goto(`/admin/notifications/${id}/edit`);
    await expect(staff.page.getByTestId('preview-body').locator('[data-markdown]').first()).toBeVisible();
    await expectNothingExecuted(staff.page, staff.dialogs);
  }
  // Typing the corpus into the form (the live preview) executes nothing either.
  await staff.page.goto('/admin/notifications/new');
  await staff.page.getByRole('textbox', { name: 'Body' }).fill(BODY);
  await staff.page.getByRole('textbox', { name: 'Summary' }).fill(SUMMARIES[0]!);
  await staff.page.getByRole('textbox', { name: 'Title' }).fill(TITLES[0]!);
  await expect(staff.page.getByTestId('preview-body').locator('[data-markdown]').first()).toBeVisible();
  await expectNothingExecuted(staff.page, staff.dialogs);
  await staff.page.context().close();
});

test('app names, contacts, redirect URIs, user names, companies and invited addresses execute nothing', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = await confirmedDeveloper('Xena Owner', false, `${RUN}.owner@example.com`);
  const api = owner.api;
  const uris = redirectUris();
  // One app per packed name; each carries 20 contact names and a share of the redirect URIs. The
  // owner's name and company change before each invitation, so every invitation e-mail carries them.
  const apps: string[] = [];
  for (const [i, chunk] of NAMES.entries()) {
    const id = await createApp(api, chunk);
    apps.push(id);
    const contacts = Array.from({ length: 20 }, (_, k) => ({
      name: NAMES[(i * 20 + k) % NAMES.length]!,
      email: `contact${k}@example.com`,
    }));
    const patch = await api.patch(`/api/v1/developer_apps/${id}`, {
      headers: api.csrf,
      // Odd apps show their display name; even ones fall back to the internal name.
      data: { name: i % 2 ? chunk : null, contacts, redirect_uri: uris[i % uris.length] },
    });
    expect(patch.status(), await patch.text()).toBe(200);
    const me = await api.patch('/api/v1/me', {
      headers: api.csrf,
      data: { name: chunk, company_name: chunk },
    });
    expect(me.status(), await me.text()).toBe(200);
    // Addresses may carry the few markup-ish characters an e-mail address allows (' and +).
    const invite = await api.post('/api/v1/invitations', {
      headers: api.csrf,
      data: { developer_app_id: id, email: `${RUN}.o'n+${i}'-alert@example.com`, role: 'developer' },
    });
    expect(invite.status(), await invite.text()).toBe(201);
  }

  const { page, dialogs } = await armedPage(browser, owner.email);
  for (const listPage of [1, 2, 3]) {
    await page.goto(`/developer_apps?page=${listPage}`);
    await expect(page.getByRole('heading', { name: 'My Apps' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expectNothingExecuted(page, dialogs);
  }
  // An app page shows the app's names, 20 contact names, redirect URIs and (with the owner renamed to
  // the same chunk) the collaborators table and the user menu. A sample of pages keeps the suite quick:
  // every name is on My Apps above, and every owner name went out in an invitation e-mail.
  for (const i of [0, 1, 2, 3, Math.floor(NAMES.length / 2), NAMES.length - 1]) {
    const id = apps[i]!;
    const me = await api.patch('/api/v1/me', {
      headers: api.csrf,
      data: { name: NAMES[i]!, company_name: NAMES[i]! },
    });
    expect(me.ok()).toBe(true);
    await page.goto(`/developer_apps/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Collaborators' }).getByRole('row').filter({ hasText: RUN }).first(),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await expectNothingExecuted(page, dialogs);
    await page.keyboard.press('Escape');
  }
  await page.goto('/settings');
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).not.toHaveValue('');
  await expectNothingExecuted(page, dialogs);
  await page.context().close();

  // The invitation page a signed-out invitee opens shows the app name and the inviter's name.
  const guest = await browser.newContext();
  const guestDialogs = await armXssCanary(guest);
  const guestPage = await guest.newPage();
  for (const i of [0, 1, 2, 3]) {
    // Mail goes out from the job queue (oldest first), so wait for it.
    // Only the invitation goes to this address; its subject is RFC 2047-encoded, so match any.
    const mail = await waitForMail(`${RUN}.o'n+${i}'-alert@example.com`, /(?:)/);
    const link = /https?:\/\/\S+\/invitations\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link, `invitation link for app ${i} in:\n${mail.text}`).toBeTruthy();
    await guestPage.goto(link!);
    await expect(guestPage.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectNothingExecuted(guestPage, guestDialogs);
  }
  await guest.close();
});

test('company names and statuses from the platform’s app events execute nothing in the report and feed', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await confirmedDeveloper('Ines Installs', false, `${RUN}.installs@example.com`);
  const created = await owner.api.post('/api/v1/developer_apps', {
    headers: owner.api.csrf,
    data: { internal_name: 'XSS installs' },
  });
  const appId = (await created.json()).id as string;
  const platform = await request.newContext({
    baseURL: PORTAL_URL,
    extraHTTPHeaders: { authorization: `Bearer ${SERVICE_TOKEN}` },
  });
  // One installation per payload (a company name shown back in the feed), newest first on page one.
  const names = packPayloads(255);
  const posted = await platform.post('/api/v1/platform/app_events', {
    data: {
      events: names.map((name, i) => ({
        id: `${RUN}-xss-${i}`,
        type: 'install',
        developer_app_id: appId,
        company_id: `${RUN}-co-${i}`,
        company_name: name,
        status: XSS_PAYLOADS[i % XSS_PAYLOADS.length]!.slice(0, 40).trim() || 'installed',
        user_email_address: `xss${i}@example.com`,
        occurred_at: new Date(Date.now() - i * 60_000).toISOString(),
      })),
    },
  });
  expect(posted.status(), await posted.text()).toBe(202);
  expect((await posted.json()).rejected).toBe(0);
  await platform.dispose();

  const { page, dialogs } = await armedPage(browser, owner.email);
  await page.goto(`/developer_apps/${appId}/metrics`);
  await expect(page.getByRole('group', { name: 'Company Installations' })).toBeVisible();
  await expect(page.getByRole('listitem').first()).toBeVisible();
  await expectNothingExecuted(page, dialogs);
  const pages = page.getByRole('navigation', { name: 'Installations pages' });
  if (await pages.isVisible()) {
    await pages.getByRole('button', { name: '2' }).click();
    await expectNothingExecuted(page, dialogs);
  }
  const staff = await armedPage(browser, ADMIN_EMAIL, DEMO_PASSWORD);
  await staff.page.goto(`/admin/developer_apps/${appId}`);
  await staff.page.getByRole('tab', { name: 'Metrics' }).click();
  await expect(staff.page.getByRole('group', { name: 'Company Installations' })).toBeVisible();
  await expectNothingExecuted(staff.page, staff.dialogs);
});

test('manifest content, release notes and review notes execute nothing in the tables, viewer and editor', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await confirmedDeveloper('Xia Manifest', true, `${RUN}.manifests@example.com`);
  const api = owner.api;
  const created = await api.post('/api/v1/developer_apps', {
    headers: api.csrf,
    data: { internal_name: `${RUN} manifests` },
  });
  expect(created.status()).toBe(201);
  const appId = (await created.json()).id as string;
  const access = await api.post(`/api/v1/developer_apps/${appId}/production_access`, {
    headers: api.csrf,
    data: { confidential: true },
  });
  expect(access.ok()).toBe(true);
  // Sandbox versions need the sandbox live (seconds in the e2e portal).
  await expect
    .poll(async () => (await (await api.get(`/api/v1/developer_apps/${appId}`)).json()).sandbox?.status, {
      timeout: 30_000,
    })
    .toBe('live');
  const content = {
    schema_version: '4.1',
    fullscreen: { source_url: 'https://example.com/app', description: packPayloads(1000)[0] },
    post_installation_instruction: {
      notes: packPayloads(5000)[0],
      page: { url: 'https://example.com/setup', label: packPayloads(200)[0] },
    },
  };
  const version = await api.post('/api/v1/app_versions', {
    headers: api.csrf,
    data: {
      app_version: {
        developer_app_id: appId,
        environment_type: 'Sandbox',
        manifest: { content },
        semantic_version: '0.1.0',
      },
    },
  });
  expect(version.status(), await version.text()).toBe(201);
  const promoted = await api.post('/api/v1/app_version_promotions', {
    headers: api.csrf,
    data: { app_version_promotion: { source_app_version_id: (await version.json()).id, changelog: BODY } },
  });
  expect(promoted.status(), await promoted.text()).toBe(201);
  const productionId = (await promoted.json()).id as string;
  // Review notes go out by e-mail (checked with the outbox below).
  const submitted = await api.patch(`/api/v1/app_versions/${productionId}`, {
    headers: api.csrf,
    data: { app_version: { state: 'in_review', developer_notes: packPayloads(5000)[1] } },
  });
  expect(submitted.ok()).toBe(true);
  const staff = await adminApi();
  const rejected = await staff.patch(`/api/v1/admin/app_versions/${productionId}`, {
    headers: staff.csrf,
    data: { app_version: { state: 'confidential', admin_notes: packPayloads(5000)[0] } },
  });
  expect(rejected.ok()).toBe(true);

  const { page, dialogs } = await armedPage(browser, owner.email);
  await page.goto(`/developer_apps/${appId}`);
  const section = page.getByRole('region', { name: 'Manifests' });
  await section.getByRole('button', { name: 'View' }).click();
  await expect(page.getByLabel('Manifest JSON')).toContainText('post_installation_instruction');
  await expectNothingExecuted(page, dialogs);
  await page.keyboard.press('Escape');
  await section.getByRole('button', { name: 'Create New Version' }).click();
  await expect(page.getByRole('textbox', { name: 'Manifest JSON' })).toContainText('"schema_version": "4.1"');
  await expectNothingExecuted(page, dialogs);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await section.getByRole('tab', { name: 'Production' }).click();
  await section.getByRole('button', { name: 'Release notes' }).click();
  await expect(page.getByRole('dialog', { name: 'Release notes' })).toContainText(XSS_PAYLOADS[0]!);
  await expectNothingExecuted(page, dialogs);
  await page.context().close();
});

test('the outbox and the stored HTML of every e-mail the corpus caused execute nothing', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await adminApi();
  type Stored = { to: string; subject: string; html: string; status: string; error: string | null };
  let messages: Stored[] = [];
  // Mail goes out from a job queue: wait until the invitations and the critical announcements are in.
  await expect
    .poll(
      async () => {
        const res = await admin.get(`/api/v1/admin/outbox?to=${RUN}&per_page=100`);
        messages = (await res.json()) as Stored[];
        const more = res.headers().link?.includes('rel="next"');
        if (more) {
          const next = await admin.get(`/api/v1/admin/outbox?to=${RUN}&per_page=100&page=2`);
          messages = messages.concat((await next.json()) as Stored[]);
        }
        return messages.length;
      },
      { timeout: 120_000, message: 'e-mails caused by the corpus' },
    )
    .toBeGreaterThanOrEqual(NAMES.length + 5);
  expect(messages.filter((m) => m.status !== 'sent').map((m) => `${m.to}: ${m.error}`)).toEqual([]);

  // The outbox screen lists their subjects and opens a message.
  const staff = await browser.newContext();
  const dialogs = await armXssCanary(staff);
  const page = await staff.newPage();
  await signInTo(page, ADMIN_EMAIL, '/admin/outbox');
  await page.getByLabel('Filter by recipient').fill(RUN);
  await expect(page.getByRole('row').filter({ hasText: RUN }).first()).toBeVisible();
  await expectNothingExecuted(page, dialogs);
  await page.getByRole('button', { name: /^View/ }).first().click();
  // The HTML part in its sandboxed frame (no scripts there at all), then the text part.
  await expect(page.locator('iframe[title^="Message: "]')).toBeVisible();
  await expectNothingExecuted(page, dialogs);
  await page.getByRole('tab', { name: 'Plain text' }).click();
  await expect(page.getByTestId('outbox-text')).toBeVisible();
  await expectNothingExecuted(page, dialogs);

  // Each stored HTML body rendered on its own, with no CSP to help: nothing may run.
  const mailPage = await staff.newPage();
  for (const message of messages) {
    await mailPage.setContent(message.html, { waitUntil: 'load' });
    await expectNothingExecuted(mailPage, dialogs, 'body');
  }
  expect(messages.some((m) => m.subject.includes('<script>'))).toBe(true);
  await staff.close();
});

test('changelog entries (summary, description, endpoint) execute nothing on the changelog page', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await adminApi();
  const summaries = packPayloads(300);
  const endpoints = packPayloads(300);
  // On a branch of this run's own: only staff see it, and the public changelog stays as seeded.
  for (let i = 0; i < summaries.length; i++) {
    const created = await admin.post('/api/v1/admin/changelog_entries', {
      headers: admin.csrf,
      data: {
        group: 'rest',
        branch: RUN,
        summary: summaries[i]!,
        description: BODY,
        endpoint: endpoints[i % endpoints.length]!,
        type: 'fix',
        datestamp: '2026-01-01',
        versions: ['v1.0'],
        link: 'endpoints/show-me',
        status: 'published',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  const { page, dialogs } = await armedPage(browser, ADMIN_EMAIL, DEMO_PASSWORD);
  const pages = Math.ceil(summaries.length / 50);
  for (let n = 1; n <= pages; n++) {
    await page.goto(`/reference/rest/changelog?custom_service_sha=${RUN}&page=${n}`);
    await expect(page.getByRole('article').first()).toBeVisible();
    // Descriptions are in the DOM whether or not a card is expanded ('Show More' only clips them).
    await expectNothingExecuted(page, dialogs);
  }
  await page.context().close();
});

test('rate-limit bucket names execute nothing in the bucket list and its history (issue 25)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await adminApi();
  const servers = (await (await admin.get('/api/v1/admin/quota_minder_servers')).json()).servers as string[];
  const clients = (await (
    await admin.get('/api/v1/admin/oauth_applications?environment=sandbox&per_page=50')
  ).json()) as Array<{ uid: string }>;
  expect(clients.length).toBeGreaterThan(0);
  const names = packPayloads(100);
  const made: Array<{ server: string; id: string }> = [];
  for (const [i, name] of names.entries()) {
    const server = servers[i % servers.length]!;
    const { uid } = clients[Math.floor(i / servers.length) % clients.length]!;
    const base = `/api/v1/admin/quota_minder_servers/${server}/buckets`;
    for (const old of (await (
      await admin.get(`${base}?filters[search]=${encodeURIComponent(uid)}`)
    ).json()) as Array<{ id: string }>)
      await admin.delete(`${base}/${old.id}`, { headers: admin.csrf });
    const res = await admin.post(base, {
      headers: admin.csrf,
      data: {
        data: {
          name,
          client_id: '*',
          domain: uid,
          bucket_templates: [{ name: 'main', fill_type: 'count', limit: 10, interval_ms: 60_000 }],
        },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    made.push({ server, id: (await res.json()).id });
  }
  const staff = await armedPage(browser, ADMIN_EMAIL, DEMO_PASSWORD);
  for (const server of servers) {
    await staff.page.goto(`/admin/quota_minder?server=${server}`);
    await expect(staff.page.getByRole('table', { name: `Buckets on ${server}` })).toBeVisible();
    await expectNothingExecuted(staff.page, staff.dialogs);
  }
  // One bucket's history shows its name in the change log.
  await staff.page.goto(`/admin/quota_minder?server=${made[0]!.server}`);
  await staff.page
    .getByRole('button', { name: /^Show the history and traffic of / })
    .first()
    .click();
  await expect(staff.page.getByText('Bucket created').first()).toBeVisible();
  await expectNothingExecuted(staff.page, staff.dialogs);
  await staff.page.context().close();
  for (const { server, id } of made)
    await admin.delete(`/api/v1/admin/quota_minder_servers/${server}/buckets/${id}`, { headers: admin.csrf });
});
