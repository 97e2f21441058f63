import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, DEVELOPER_EMAIL } from '../support/env.ts';
import { waitForMail } from '../support/mail.ts';
import { signIn, signInElsewhere } from '../support/session.ts';

/** The signed-in page's API, with the session's CSRF token (as the web app sends it). */
async function pageApi(page: Page) {
  const config = await (await page.request.get('/api/v1/config')).json();
  const headers = { 'x-csrf-token': config.csrf_token as string };
  return {
    post: (path: string, data?: unknown) => page.request.post(`/api/v1${path}`, { headers, data }),
  };
}

/**
 * Seeds through the API: a new app of the demo developer (its sandbox goes live within seconds)
 * with production credentials requested (production versions need them).
 */
async function seedApp(page: Page, name: string): Promise<string> {
  const api = await pageApi(page);
  const created = await api.post('/developer_apps', { internal_name: name });
  expect(created.status()).toBe(201);
  const appId = (await created.json()).id as string;
  const access = await api.post(`/developer_apps/${appId}/production_access`, { confidential: true });
  expect(access.ok()).toBe(true);
  return appId;
}

/** Puts the platform admin on the app (invited as developer, accepted), so the app page opens for them. */
async function adminJoins(browser: Browser, owner: Page, appId: string, appName: string): Promise<Page> {
  const invited = await (await pageApi(owner)).post('/invitations', {
    developer_app_id: appId,
    email: ADMIN_EMAIL,
    role: 'developer',
  });
  expect(invited.status()).toBe(201);
  const mail = await waitForMail(ADMIN_EMAIL, new RegExp(`invited you to collaborate on ${appName}`));
  const token = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect(token).toBeTruthy();
  const admin = await signInElsewhere(browser, ADMIN_EMAIL);
  const accepted = await (await pageApi(admin)).post(`/invitations/${token}/accept`);
  expect(accepted.ok()).toBe(true);
  return admin;
}

/** CodeMirror's own search panel (Ctrl+F): replaces every occurrence, as a person would. */
async function replaceInEditor(page: Page, editor: Locator, find: string, replace: string) {
  await editor.click();
  await page.keyboard.press('Control+f');
  const search = page.getByRole('textbox', { name: 'Find' });
  await search.fill(find);
  await page.getByRole('textbox', { name: 'Replace' }).fill(replace);
  await page.getByRole('button', { name: 'replace all' }).click();
  await page.keyboard.press('Escape');
}

test('a sandbox manifest from snippets, a violation fixed, permissions, promotion, review and approval', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const name = `Manifest App ${Date.now()}`;
  await signIn(page, DEVELOPER_EMAIL);
  const appId = await seedApp(page, name);
  await page.goto(`/developer_apps/${appId}`);

  const section = page.getByRole('region', { name: 'Manifests' });
  const status = section.getByTestId('manifest-status');
  await expect(status).toHaveText('Draft');
  await expect(section.getByRole('tab', { name: 'Sandbox' })).toHaveAttribute('aria-selected', 'true');
  // The sandbox is being built: creating waits for it.
  const createNew = section.getByRole('button', { name: 'Create New Version' });
  await expect(createNew).toBeEnabled({ timeout: 30_000 });
  await createNew.click();

  // The editor starts from the highest template (4.1) with the suggested semantic version.
  const editor = page.getByRole('dialog', { name: 'New Sandbox manifest version' });
  await expect(editor.getByRole('textbox', { name: 'Semantic version' })).toHaveValue('0.1.0');
  const json = editor.getByRole('textbox', { name: 'Manifest JSON' });
  await expect(json).toContainText('"schema_version": "4.1"');
  const create = editor.getByRole('button', { name: 'Create', exact: true });

  // Snippets: a data connection and an embedded full-screen page.
  await editor.getByRole('button', { name: 'Data connection' }).click();
  await expect(json).toContainText('"permissions"');
  await editor.getByRole('button', { name: 'Embedded' }).click();
  await page.getByRole('menuitem', { name: /Full screen/ }).click();
  await expect(json).toContainText('"source_url": "https://example.com/fullscreen');
  await expect(editor.getByText('The manifest is valid.')).toBeVisible();
  await expect(create).toBeEnabled();

  // An http URL is a violation the server reports once typing pauses; Create waits for a pass.
  await replaceInEditor(page, json, 'https://example.com/fullscreen', 'http://example.com/fullscreen');
  await expect(create).toBeDisabled();
  const violations = editor.getByRole('alert').filter({ hasText: 'The manifest has problems' });
  await expect(violations).toContainText(
    'Component URLs must use HTTPS (http://localhost is the only exception)',
  );
  await expect(violations).toContainText('/fullscreen/source_url');
  await expect(editor.getByRole('button', { name: 'Permissions' })).toBeDisabled();
  await replaceInEditor(page, json, 'http://example.com/fullscreen', 'https://example.com/fullscreen');
  await expect(violations).toHaveCount(0);
  await expect(create).toBeEnabled();

  // The permission builder: company and project tools; levels a tool does not allow are disabled.
  await editor.getByRole('button', { name: 'Permissions' }).click();
  const builder = page.getByRole('dialog', { name: 'Permissions' });
  await expect(builder.getByRole('radio', { name: 'Admin: Read-Only' })).toBeDisabled();
  await builder.getByRole('radio', { name: 'Directory: Read-Only' }).check();
  await builder.getByRole('tab', { name: 'Project' }).click();
  await builder.getByRole('radio', { name: 'RFIs: Standard' }).check();
  await builder.getByRole('button', { name: 'Save permissions' }).click();
  await expect(builder).toBeHidden();
  await expect(json).toContainText('"directory": "readonly"');
  await expect(json).toContainText('"rfi": "standard"');
  await expect(create).toBeEnabled();
  await create.click();

  await expect(page.getByText('New sandbox manifest version created')).toBeVisible();
  await expect(editor).toBeHidden();
  // The first sandbox version has a data connection (an OAuth component): the notice says so.
  await expect(section.getByRole('alert', { name: 'Sandbox manifest created' })).toBeVisible();
  const sandboxRow = section.getByRole('row').filter({ hasText: '0.1.0' });
  await expect(sandboxRow).toBeVisible();
  await expect(status).toHaveText('Ready for Testing');
  // Its manifest, read-only, holds what the editor wrote (the server added the app manifest).
  await sandboxRow.getByRole('button', { name: 'View' }).click();
  const viewer = page.getByRole('dialog', { name: 'Manifest version 0.1.0' });
  await expect(viewer.getByLabel('Manifest JSON')).toContainText('"directory": "readonly"');
  await expect(viewer.getByLabel('Manifest JSON')).toContainText('"app_manifest"');
  await expect(viewer.getByRole('button', { name: 'Copy' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // Promote with release notes (required with semantic versions); the Production tab opens.
  await sandboxRow.getByRole('button', { name: 'Promote' }).click();
  const promote = page.getByRole('dialog', { name: 'Promote version 0.1.0 to production' });
  await promote.getByRole('button', { name: 'Promote' }).click();
  await expect(promote.getByText('Release notes are required to promote a version')).toBeVisible();
  await promote.getByRole('textbox', { name: 'Release notes' }).fill('First release: the dashboard.');
  await promote.getByRole('button', { name: 'Promote' }).click();
  await expect(page.getByText('New production manifest version created')).toBeVisible();
  await expect(section.getByRole('tab', { name: 'Production' })).toHaveAttribute('aria-selected', 'true');
  const productionRow = section.getByRole('row').filter({ hasText: '0.1.0' });
  await expect(productionRow.getByText('Not submitted')).toBeVisible();
  await expect(status).toHaveText('Promoted');
  await productionRow.getByRole('button', { name: 'Release notes' }).click();
  const notes = page.getByRole('dialog', { name: 'Release notes' });
  await expect(notes.getByText('First release: the dashboard.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(notes).toBeHidden();

  // Submit for review with notes.
  await productionRow.getByRole('button', { name: 'Submit for Review' }).click();
  const submit = page.getByRole('dialog', { name: 'Submit version 0.1.0 for review' });
  await submit.getByRole('textbox', { name: 'Notes for the reviewers' }).fill('Please review.');
  await submit.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(productionRow.getByText('In review')).toBeVisible();
  await expect(status).toHaveText('Under Review');
  await expect(productionRow.getByRole('button', { name: 'Withdraw' })).toBeVisible();

  // A platform admin approves it.
  const admin = await adminJoins(browser, page, appId, name);
  await admin.goto(`/developer_apps/${appId}`);
  const adminSection = admin.getByRole('region', { name: 'Manifests' });
  await adminSection.getByRole('tab', { name: 'Production' }).click();
  const adminRow = adminSection.getByRole('row').filter({ hasText: '0.1.0' });
  await adminRow.getByRole('button', { name: 'Approve' }).click();
  const approve = admin.getByRole('dialog', { name: 'Approve version 0.1.0' });
  await approve.getByRole('textbox', { name: 'Notes for the developer' }).fill('Looks good.');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(adminRow.getByText('Approved')).toBeVisible();
  await admin.context().close();

  // The developer's header shows the approved version.
  await page.reload();
  await expect(status).toHaveText('Approved Version');
  await section.getByRole('tab', { name: 'Production' }).click();
  await expect(productionRow.getByRole('cell', { name: 'Yes' })).toBeVisible();
});
