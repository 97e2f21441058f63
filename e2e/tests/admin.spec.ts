import { expect, type Page, test } from '@playwright/test';
import { type ApiClient, confirmedDeveloper } from '../support/api.ts';
import { ADMIN_EMAIL } from '../support/env.ts';
import { signInTo } from '../support/session.ts';

async function createApp(api: ApiClient, internalName: string): Promise<string> {
  const res = await api.post('/api/v1/developer_apps', {
    headers: api.csrf,
    data: { internal_name: internalName },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id;
}

/** A schema 4.1 version with one full-screen component, created by the app's owner; its id. */
async function createVersion(
  api: ApiClient,
  appId: string,
  environment: 'Production' | 'Sandbox',
  semanticVersion: string,
  sourceUrl: string,
): Promise<string> {
  const res = await api.post('/api/v1/app_versions', {
    headers: api.csrf,
    data: {
      app_version: {
        developer_app_id: appId,
        environment_type: environment,
        manifest: {
          content: {
            schema_version: '4.1',
            fullscreen: { source_url: sourceUrl, description: 'The daily log' },
          },
        },
        semantic_version: semanticVersion,
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id;
}

const names = (page: Page) => page.getByRole('row').locator('td:nth-child(2)').allInnerTexts();

test('admin apps list: search, created-by filter, sort cycle, pages; change owner; undelete', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tag = `Adm${Date.now().toString(36)}`;
  const alice = await confirmedDeveloper('Alice Admintest');
  const bob = await confirmedDeveloper('Bob Admintest');
  // Alice: three apps; Bob: 50 more, so the search finds 53 (two pages of 50).
  const [, betaId, gammaId] = [
    await createApp(alice.api, `${tag} Alpha`),
    await createApp(alice.api, `${tag} Beta`),
    await createApp(alice.api, `${tag} Gamma`),
  ];
  for (let i = 0; i < 50; i++) await createApp(bob.api, `${tag} Zeta ${String(i).padStart(2, '0')}`);

  await signInTo(page, ADMIN_EMAIL, '/admin/developer_apps');
  await expect(page.getByRole('heading', { level: 1, name: 'Developer Apps' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect(page.getByRole('row')).toHaveCount(51); // header + 50
  const pages = page.getByRole('navigation', { name: 'Pages (bottom)' });
  await pages.getByRole('button', { name: '2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('row')).toHaveCount(4);

  // Created by Alice: back to page 1, her three apps.
  const createdBy = page.getByRole('combobox', { name: 'Created by' });
  await createdBy.fill(alice.email.slice(0, 12));
  await page.getByRole('option', { name: alice.email }).click();
  await expect(page.getByRole('row')).toHaveCount(4);
  await expect(page).not.toHaveURL(/page=2/);

  // Sort by name: ascending, descending, then none (newest first again).
  const nameHeader = page.getByRole('columnheader', { name: 'Name' });
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => names(page)).toEqual([`${tag} Alpha`, `${tag} Beta`, `${tag} Gamma`]);
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => names(page)).toEqual([`${tag} Gamma`, `${tag} Beta`, `${tag} Alpha`]);
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  await expect(page).not.toHaveURL(/sort=/);

  // Open Beta, hand it to Bob, save.
  await page.getByRole('link', { name: `${tag} Beta` }).click();
  await expect(page).toHaveURL(`/admin/developer_apps/${betaId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Edit - ${tag} Beta` })).toBeVisible();
  await expect(page.getByText('This app has not generated production credentials')).toBeVisible();
  await page.getByRole('button', { name: 'Change Owner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Owner' });
  await dialog.getByRole('combobox', { name: 'New owner' }).fill(bob.email.slice(0, 10));
  await dialog.getByRole('option', { name: bob.email }).click();
  await dialog.getByRole('button', { name: 'Choose owner' }).click();
  await expect(page.getByText('New owner: save the app to apply it.')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('App Updated!')).toBeVisible();
  await expect(page.getByText('Bob Admintest')).toBeVisible();
  const asBob = await bob.api.get(`/api/v1/developer_apps/${betaId}`);
  expect((await asBob.json()).role).toBe('owner');

  // Alice deletes Gamma; staff find it with deleted apps included and undelete it.
  expect(
    (await alice.api.delete(`/api/v1/developer_apps/${gammaId}`, { headers: alice.api.csrf })).status(),
  ).toBe(204);
  await page.goto(`/admin/developer_apps?search=${tag}%20Gamma`);
  await expect(page.getByText('Nothing to show.')).toBeVisible();
  const withDeleted = page.getByRole('checkbox', { name: 'Include deleted apps' });
  await withDeleted.click(); // controlled by the URL: checked once the router has moved
  await expect(withDeleted).toBeChecked();
  const row = page.getByRole('row').filter({ hasText: `${tag} Gamma` });
  await expect(row.locator('td').nth(5)).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit - ${tag} Gamma (DELETED)` })).toBeVisible();
  await page.getByRole('button', { name: 'Undelete' }).click();
  await expect(page.getByText('App Undeleted!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Edit - ${tag} Gamma` })).toBeVisible();
  await expect(page.getByText('Not Deleted')).toBeVisible();
  expect((await alice.api.get(`/api/v1/developer_apps/${gammaId}`)).status()).toBe(200);
  // The app's history on its page says who undeleted it.
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText('developer_app.undelete')).toBeVisible();
  await expect(history.getByText(ADMIN_EMAIL)).toBeVisible();
});

test('review queue: the demo listing in review is labelled Marketplace and new', async ({ page }) => {
  // The seed submits two listings for review and approves the first (Field Sync), so Punch List
  // Importer waits with no published listing.
  await signInTo(page, ADMIN_EMAIL, '/admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('menuitem', { name: 'Review Queue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review Queue' })).toBeVisible();
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: 'Punch List Importer', exact: true }) });
  const cells = row.getByRole('cell');
  await expect(cells.nth(2)).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await expect(cells.nth(3)).toContainText('Marketplace');
  await expect(cells.nth(4)).toHaveText('new');
});

test('admin app page: a production manifest in review is approved with notes; a sandbox one promoted', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const developer = await confirmedDeveloper('Manifest Reviewtest');
  const { api } = developer;
  const appId = await createApp(api, `Review ${Date.now().toString(36)}`);
  const access = await api.post(`/api/v1/developer_apps/${appId}/production_access`, {
    headers: api.csrf,
    data: { confidential: true },
  });
  expect(access.ok()).toBe(true);
  const versionId = await createVersion(api, appId, 'Production', '1.0.0', 'https://example.com/app');
  const submitted = await api.patch(`/api/v1/app_versions/${versionId}`, {
    headers: api.csrf,
    data: { app_version: { state: 'in_review', developer_notes: 'Adds the daily log.' } },
  });
  expect(submitted.ok()).toBe(true);

  // A sandbox version, once the app's sandbox is built (its job runs a few seconds after creation).
  await expect
    .poll(async () => (await (await api.get(`/api/v1/developer_apps/${appId}`)).json()).sandbox?.status, {
      timeout: 60_000,
    })
    .toBe('live');
  await createVersion(api, appId, 'Sandbox', '2.0.0', 'https://example.com/app/v2');

  await signInTo(page, ADMIN_EMAIL, `/admin/developer_apps/${appId}`);
  const section = page.getByRole('region', { name: 'Manifests' });
  // The sandbox tab is the default (spec admin §4).
  await expect(section.getByRole('tab', { name: 'Sandbox' })).toHaveAttribute('aria-selected', 'true');
  await section.getByRole('tab', { name: 'Production' }).click();
  const row = section.getByRole('row').filter({ hasText: '1.0.0' });
  await expect(row.getByText('In review')).toBeVisible();
  await expect(row.getByText('From the developer: Adds the daily log.')).toBeVisible();
  await row.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: 'Approve version 1.0.0' });
  await approve.getByRole('textbox', { name: 'Notes for the developer' }).fill('Looks good.');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Version approved')).toBeVisible();
  await expect(row.getByText('Approved')).toBeVisible();
  await expect(row.getByText('From the reviewer: Looks good.')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  // The developer sees the outcome.
  const production = `/api/v1/manifests?filters[developer_app_id]=${appId}&filters[versionable_type]=ProductionEnvironment`;
  expect((await (await api.get(production)).json())[0]).toMatchObject({
    state: 'published',
    admin_notes: 'Looks good.',
  });

  // Staff promote the sandbox version (spec admin §4): the Production tab opens with it.
  await section.getByRole('tab', { name: 'Sandbox' }).click();
  await section
    .getByRole('row')
    .filter({ hasText: '2.0.0' })
    .getByRole('button', { name: 'Promote' })
    .click();
  const promote = page.getByRole('dialog', { name: 'Promote version 2.0.0 to production' });
  await promote.getByRole('button', { name: 'Promote' }).click();
  await expect(section.getByRole('tab', { name: 'Production' })).toHaveAttribute('aria-selected', 'true');
  await expect(section.getByRole('row').filter({ hasText: '2.0.0' })).toBeVisible();
  const versions = (await (await api.get(production)).json()) as Array<{ semantic_version: string }>;
  expect(versions.map((version) => version.semantic_version)).toEqual(['2.0.0', '1.0.0']);
  // Both staff writes are on the app's History without a reload.
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText('Manifest approved')).toBeVisible();
  await expect(history.getByText('Manifest promoted to production')).toBeVisible();
  await expect(history.getByText('developer_app.manifest_promote')).toBeVisible();
});
