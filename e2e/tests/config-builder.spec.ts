import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { adminApi, confirmedDeveloper, createApp, PASSWORD } from '../support/api.ts';
import { signIn, signInElsewhere } from '../support/session.ts';

/** A new app of the signed-in developer, with production credentials requested (promotion needs them). */
async function seedApp(page: Page, name: string): Promise<string> {
  const appId = await createApp(page.request, name);
  const config = await (await page.request.get('/api/v1/config')).json();
  const headers = { 'x-csrf-token': config.csrf_token as string };
  const access = await page.request.post(`/api/v1/developer_apps/${appId}/production_access`, {
    headers,
    data: { confidential: true },
  });
  expect(access.ok()).toBe(true);
  return appId;
}

/** axe-core's WCAG 2.2 A/AA and best-practice violations on the page, one line each. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map((node) => `${v.id}: ${node.target.join(' ')} ${node.html.slice(0, 160)}`),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test('opt in, build a side panel with the Configuration Builder, create, view and promote a version, opt out', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  // A developer of its own: the opt-in is a preference of the user, and the demo developer's
  // classic page must stay classic for the other journeys.
  const { email } = await confirmedDeveloper('Config Builder');
  await signIn(page, email, PASSWORD);
  const name = `Builder App ${Date.now()}`;
  const appId = await seedApp(page, name);
  await page.goto(`/developer_apps/${appId}`);

  // The classic page offers the beta: banner → modal → Try it; a toast confirms for 2000 ms.
  await expect(page.getByRole('region', { name: 'Manifests' })).toBeVisible();
  await page.getByRole('button', { name: 'Learn more' }).click();
  const optIn = page.getByRole('dialog', { name: 'The form-based app experience' });
  await optIn.getByRole('button', { name: 'Try it' }).click();
  const toast = page.getByText('You are using the new app experience');
  await expect(toast).toBeVisible();
  // (A toast under the pointer would wait for it to leave.)
  await page.mouse.move(0, 0);
  await expect(toast).toBeHidden({ timeout: 5_000 });

  // The tabbed page: Apps › name, the App Information navigation, Configurations by default.
  const nav = page.getByRole('navigation', { name: 'App Information' });
  await expect(nav.getByRole('button', { name: 'Configurations' })).toHaveAttribute('aria-current', 'page');
  for (const tab of ['Versions', 'Settings', 'OAuth Credentials', 'Collaborators', 'Marketplace Listing'])
    await expect(nav.getByRole('button', { name: tab })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Metrics' })).toHaveCount(0);
  const title = page.getByTestId('version-title');
  // The new app's sandbox is being built: the tab shows the form once it is live.
  await expect(title).toHaveText('New Version (Draft)', { timeout: 60_000 });
  await expect(page.getByTestId('manifest-status')).toHaveText('Draft');
  expect(await page.evaluate(() => window.localStorage.getItem('developer-apps-beta'))).toBe('true');
  expect(await axeViolations(page)).toEqual([]);

  // The tab is in the URL.
  await nav.getByRole('button', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\?tab=settings$/);
  await page.reload();
  await expect(nav.getByRole('button', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');

  // Marketplace Listing: the activation screen until the marketplace is enabled for the app (staff
  // do that), then the developer's listing editor, as on the classic page.
  await nav.getByRole('button', { name: 'Marketplace Listing' }).click();
  await expect(page).toHaveURL(/\?tab=marketplaceListing$/);
  const listing = page.getByRole('region', { name: 'Marketplace Listing' });
  await expect(listing.getByRole('heading', { name: 'I am a current partner' })).toBeVisible();
  await expect(listing.getByRole('link', { name: 'Become a partner' })).toBeVisible();
  await expect(listing.getByRole('button', { name: 'Save Draft' })).toHaveCount(0);
  const staff = await adminApi();
  const enabled = await staff.patch(`/api/v1/admin/developer_apps/${appId}`, {
    headers: staff.csrf,
    data: { developer_app: { marketplace_enabled: true } },
  });
  expect(enabled.ok(), await enabled.text()).toBe(true);
  await page.reload();
  await expect(listing.getByRole('textbox', { name: 'Public name' })).toBeEditable();
  await expect(listing.getByRole('button', { name: 'Save Draft' })).toBeVisible();
  await expect(listing.getByRole('heading', { name: 'I am a current partner' })).toHaveCount(0);
  // Developer mode: no review panel.
  await expect(listing.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  await nav.getByRole('button', { name: 'Configurations' }).click();
  await expect(title).toHaveText('New Version (Draft)');

  // Nothing configured: saving says what is missing.
  const save = page.getByRole('button', { name: 'Create Version' });
  await save.click();
  await expect(page.getByText('At least one of fullscreen or sidepanel must be present')).toBeVisible();

  // A side panel: type, URL (HTTPS only), two views and a required parameter.
  await page.getByRole('button', { name: 'Add Component' }).click();
  const panel = page.getByRole('dialog', { name: 'Add Component' });
  // Save is disabled while the panel is open; the type is required.
  await expect(save).toBeDisabled();
  await panel.getByRole('button', { name: 'Save Component' }).click();
  await expect(panel.getByText('This field is required')).toBeVisible();
  await panel.getByRole('combobox', { name: 'Component type' }).click();
  await page.getByRole('option', { name: 'Side Panel' }).click();
  await panel.getByRole('button', { name: 'Save Component' }).click();
  await expect(panel.getByText('A valid URL is required')).toBeVisible();
  await expect(panel.getByText('At least one view is required')).toBeVisible();
  const sourceUrl = panel.getByRole('textbox', { name: 'Source URL' });
  await sourceUrl.fill('http://panel.example.com/{{team}}');
  await expect(panel.getByText('A valid URL is required')).toBeVisible();
  await sourceUrl.fill('https://panel.example.com/{{team}}');
  await expect(panel.getByText('A valid URL is required')).toBeHidden();
  // A search that matches no view says so.
  const viewSearch = panel.getByRole('textbox', { name: 'Views' });
  await viewSearch.fill('no-such-view');
  await expect(panel.getByRole('status').filter({ hasText: 'No views match “no-such-view”.' })).toBeVisible();
  await viewSearch.fill('');
  await panel.getByRole('checkbox', { name: 'rfi.detail' }).check();
  await panel.getByRole('checkbox', { name: 'observations.list' }).check();
  await expect(panel.getByRole('checkbox', { name: 'observations.all' })).toHaveJSProperty(
    'indeterminate',
    true,
  );
  await expect(panel.getByText('At least one view is required')).toBeHidden();

  await panel.getByRole('button', { name: 'Add Parameter' }).click();
  const parameter = page.getByRole('dialog', { name: 'Add Parameter' });
  await parameter.getByRole('textbox', { name: 'Name' }).fill('Team');
  await parameter.getByRole('button', { name: 'Save Parameter' }).click();
  await expect(
    parameter.getByText('Key, name, and description are required to add another parameter'),
  ).toBeVisible();
  await parameter.getByRole('textbox', { name: 'Key' }).fill('team');
  await parameter.getByRole('textbox', { name: 'Description' }).fill('Your team');
  await parameter.getByRole('switch', { name: 'Required' }).check({ force: true });
  await parameter.getByRole('button', { name: 'Save Parameter' }).click();
  await expect(parameter).toBeHidden();
  await expect(panel.getByRole('cell', { name: 'team', exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await panel.getByRole('button', { name: 'Save Component' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByTestId('component-sidepanel')).toContainText('https://panel.example.com/{{team}}');
  await expect(page.getByTestId('component-sidepanel')).toContainText('2 views, 1 parameter');
  // Each type once: the type list no longer offers the side panel.
  await page.getByRole('button', { name: 'Add Component' }).click();
  await panel.getByRole('combobox', { name: 'Component type' }).click();
  await expect(page.getByRole('option')).toHaveText(['Full Screen']);
  await page.getByRole('option', { name: 'Full Screen' }).click();
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel).toBeHidden();

  // Company permissions through the permissions drawer.
  await page.getByRole('button', { name: /Data Connector Components/ }).click();
  await page.getByRole('button', { name: 'Edit Permissions' }).click();
  const drawer = page.getByRole('dialog', { name: 'Service Account Permissions' });
  await expect(save).toBeDisabled();
  await drawer.getByRole('radio', { name: 'Directory: Read-Only' }).check();
  await drawer.getByRole('button', { name: 'Save Permissions' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('permissions-summary')).toHaveText('Company: directory (readonly)');

  // Instructions: all three fields or none.
  await page.getByRole('button', { name: /Instructions and Post Installation Notes/ }).click();
  const notes = page.getByRole('textbox', { name: 'Notes' });
  await notes.fill('Open the setup page and paste your team key.');
  await notes.blur();
  await expect(page.getByText('All post installation instruction fields must be present')).toBeVisible();
  await expect(page.getByText('This field is required')).toHaveCount(2);
  await expect(
    page.getByText('Please fill in the required fields below before creating a version.'),
  ).toBeVisible();
  await expect(save).toBeDisabled();
  const pageUrl = page.getByRole('textbox', { name: 'Page URL' });
  await pageUrl.fill('http://panel.example.com/setup');
  await pageUrl.blur();
  await expect(page.getByText('A valid URL is required')).toBeVisible();
  await pageUrl.fill('https://panel.example.com/setup');
  await expect(page.getByText('A valid URL is required')).toBeHidden();
  await page.getByRole('textbox', { name: 'Page label' }).fill('Setup');
  await expect(page.getByText('All post installation instruction fields must be present')).toBeHidden();
  await expect(save).toBeEnabled();

  // Create Version: the semantic version left empty is assigned by the server.
  await save.click();
  const create = page.getByRole('dialog', { name: 'Create Version' });
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('New sandbox manifest version created')).toBeVisible();
  await expect(title).toHaveText('Version 0.1.0');
  // The app's first sandbox version has a data connection (the company permissions).
  await expect(page.getByRole('alert', { name: 'Sandbox manifest created' })).toBeVisible();
  await expect(page.getByTestId('manifest-status')).toHaveText('Ready for Testing');
  await expect(page.getByRole('button', { name: 'Save Version' })).toBeVisible();

  // View Manifest: exactly the schema 4.1 manifest of the form (ids are the server's).
  await page.getByRole('button', { name: 'View Manifest' }).click();
  const viewer = page.getByRole('dialog', { name: 'Manifest version 0.1.0' });
  const shown = JSON.parse((await viewer.getByLabel('Manifest JSON').textContent()) ?? '');
  expect(shown.app_manifest.id).toMatch(UUID);
  expect(shown.sidepanel.uuid).toMatch(UUID);
  const expected = {
    schema_version: '4.1',
    app_manifest: { id: shown.app_manifest.id, name },
    sidepanel: {
      uuid: shown.sidepanel.uuid,
      source_url: 'https://panel.example.com/{{team}}',
      views: ['observations.list', 'rfi.detail'],
      user_configuration: {
        schema: {
          type: 'object',
          properties: { team: { name: 'Team', description: 'Your team', type: 'string' } },
          required: ['team'],
        },
      },
    },
    permissions: { company: { directory: 'readonly' }, project: {} },
    post_installation_instruction: {
      notes: 'Open the setup page and paste your team key.',
      page: { label: 'Setup', url: 'https://panel.example.com/setup' },
    },
  };
  expect(JSON.stringify(shown, null, 2)).toBe(JSON.stringify(expected, null, 2));
  await expect(viewer.getByRole('button', { name: 'Copy' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // The form reads the version back.
  await expect(page.getByTestId('component-sidepanel')).toContainText('2 views, 1 parameter');

  // Promote (release notes are required with semantic versions).
  await page.getByRole('button', { name: 'Promote' }).click();
  const promote = page.getByRole('dialog', { name: 'Promote version 0.1.0 to production' });
  await promote.getByRole('textbox', { name: 'Release notes' }).fill('The first side panel.');
  await promote.getByRole('button', { name: 'Promote' }).click();
  await expect(page.getByText('New production manifest version created')).toBeVisible();
  await expect(page.getByTestId('manifest-status')).toHaveText('Promoted');
  await expect(page.getByRole('button', { name: 'Submit for Review' })).toBeVisible();

  // The Versions tab lists both.
  await nav.getByRole('button', { name: 'Versions' }).click();
  await expect(page.getByRole('row').filter({ hasText: '0.1.0' })).toHaveCount(2);
  await nav.getByRole('button', { name: 'Configurations' }).click();

  // The choice follows the user to another browser (the server keeps it).
  const elsewhere = await signInElsewhere(browser, email, PASSWORD);
  await elsewhere.goto(`/developer_apps/${appId}`);
  await expect(elsewhere.getByTestId('version-title')).toHaveText('Version 0.1.0');
  await elsewhere.context().close();

  // Opting out returns to the classic page.
  await page.getByRole('switch', { name: 'New app experience (beta)' }).click({ force: true });
  await expect(page.getByText('You are back on the classic app page')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Manifests' })).toBeVisible();
  await expect(nav).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('developer-apps-beta'))).toBe('false');
});

test('User Level Authentication turned off: the empty version is allowed (allow-empty); a schema 3 version migrates to 4.1', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { email } = await confirmedDeveloper('Empty Builder');
  await signIn(page, email, PASSWORD);
  const appId = await seedApp(page, `Empty Builder App ${Date.now()}`);
  const config = await (await page.request.get('/api/v1/config')).json();
  const beta = await page.request.patch('/api/v1/me', {
    headers: { 'x-csrf-token': config.csrf_token as string },
    data: { developer_apps_beta: true },
  });
  expect(beta.ok()).toBe(true);
  await page.goto(`/developer_apps/${appId}`);
  const title = page.getByTestId('version-title');
  await expect(title).toHaveText('New Version (Draft)', { timeout: 60_000 });

  // The form's only content is User Level Authentication; turning it off leaves nothing, and the
  // version may still be created (spec developer-apps §5: the check is skipped when auth-code is toggled
  // off).
  await page.getByRole('button', { name: /Data Connector Components/ }).click();
  const auth = page.getByRole('checkbox', { name: /User Level Authentication/ });
  await auth.check();
  await auth.uncheck();
  await page.getByRole('button', { name: 'Create Version' }).click();
  const create = page.getByRole('dialog', { name: 'Create Version' });
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('New sandbox manifest version created')).toBeVisible();
  await expect(title).toHaveText('Version 0.1.0');
  await page.getByRole('button', { name: 'View Manifest' }).click();
  const viewer = page.getByRole('dialog', { name: 'Manifest version 0.1.0' });
  const shown = JSON.parse((await viewer.getByLabel('Manifest JSON').textContent()) ?? '');
  expect(shown).toEqual({
    schema_version: '4.1',
    app_manifest: { id: expect.stringMatching(UUID), name: expect.any(String) },
    permissions: { company: {}, project: {} },
  });
  await page.keyboard.press('Escape');

  // Any other edit clears the flag: an empty form is refused again.
  await page.getByRole('button', { name: 'Add Component' }).click();
  const panel = page.getByRole('dialog', { name: 'Add Component' });
  await panel.getByRole('combobox', { name: 'Component type' }).click();
  await page.getByRole('option', { name: 'Full Screen' }).click();
  await panel.getByRole('textbox', { name: 'Source URL' }).fill('https://full.example.com');
  await panel.getByRole('button', { name: 'Save Component' }).click();
  await page.getByRole('button', { name: 'Remove Full Screen' }).click();
  await page.getByRole('button', { name: 'Save Version' }).click();
  await expect(page.getByText('At least one of fullscreen or sidepanel must be present')).toBeVisible();
  await expect(create).toBeHidden();

  // A schema 3 version (made in the classic JSON editor) cannot be shown in the form: 'App Not
  // Updated' offers the migration, which creates a 4.1 version the form then shows.
  const legacy = await page.request.post('/api/v1/app_versions', {
    headers: { 'x-csrf-token': config.csrf_token as string },
    data: {
      app_version: {
        developer_app_id: appId,
        environment_type: 'Sandbox',
        semantic_version: '0.2.0',
        manifest: {
          content: {
            schema_version: '3.2',
            components: {
              oauth: { instances: [{ grant_type: 'client_credentials' }] },
              iframe: {
                instances: [
                  {
                    name: 'Legacy Panel',
                    type: 'sidepanel',
                    views: ['rfi.detail'],
                    required: false,
                    iframe_src: 'https://legacy.example.com/panel',
                    description: 'Beside RFIs',
                  },
                ],
              },
            },
            permissions: { company: { directory: 'readonly' }, project: {} },
          },
        },
      },
    },
  });
  expect(legacy.status(), await legacy.text()).toBe(201);
  await page.reload();
  const notUpdated = page.getByRole('dialog', { name: 'App Not Updated' });
  await expect(notUpdated).toBeVisible();
  await notUpdated.getByRole('button', { name: 'Migrate to 4.1' }).click();
  await expect(page.getByText('New sandbox manifest version created')).toBeVisible();
  await expect(notUpdated).toBeHidden();
  await expect(title).toHaveText('Version 0.3.0');
  await expect(page.getByTestId('component-sidepanel')).toContainText('https://legacy.example.com/panel');
  await page.getByRole('button', { name: 'View Manifest' }).click();
  const migrated = page.getByRole('dialog', { name: 'Manifest version 0.3.0' });
  const content = JSON.parse((await migrated.getByLabel('Manifest JSON').textContent()) ?? '');
  expect(content).toEqual({
    schema_version: '4.1',
    app_manifest: { id: shown.app_manifest.id, name: expect.any(String) },
    sidepanel: {
      uuid: expect.stringMatching(UUID),
      source_url: 'https://legacy.example.com/panel',
      views: ['rfi.detail'],
      description: 'Beside RFIs',
    },
    permissions: { company: { directory: 'readonly' }, project: {} },
  });
});
