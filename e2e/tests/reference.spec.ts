import { expect, type Page, test } from '@playwright/test';
import { createApp } from '../support/api.ts';
import { ADMIN_EMAIL, DEVELOPER_EMAIL } from '../support/env.ts';
import { signIn, signInTo } from '../support/session.ts';

const NOTHING_FOUND = 'Nothing found. Use the filters on the left to select the changelog types to display.';

test.describe.configure({ mode: 'serial' });

// The checkboxes' state lives in the URL: a click navigates, then the box shows it (so click, then
// expect, rather than Playwright's check(), which wants the state changed at once).

test('anonymous: Reference menu → overview → endpoint → changelog filters, search, pages, Show More, reload → card', async ({
  page,
}) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Reference' }).click();
  await page.getByRole('menuitem', { name: 'Rest API' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'REST API overview' })).toBeVisible();

  await page.getByRole('link', { name: 'List companies' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'List companies' })).toBeVisible();
  await expect(page.getByLabel('curl')).toContainText("curl -X GET '");
  await expect(page.getByLabel('curl')).toContainText(
    "/rest/v1.0/companies' -H 'Authorization: Bearer $ACCESS_TOKEN'",
  );

  await page.getByRole('link', { name: 'REST API', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'REST API changelog' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();

  await page.getByRole('checkbox', { name: 'Deprecated' }).click();
  await expect(page.getByRole('checkbox', { name: 'Deprecated' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Breaking (only)' }).click();
  await expect(page.getByRole('checkbox', { name: 'Breaking (only)' })).toBeChecked();
  // Deprecations are not breaking: nothing matches both.
  await expect(page.getByText(NOTHING_FOUND)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Deprecated' }).click();
  await expect(page.getByRole('checkbox', { name: 'Deprecated' })).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'Sunset' }).click();
  await expect(page.getByRole('checkbox', { name: 'Sunset' })).toBeChecked();
  await page.getByRole('searchbox', { name: 'Search' }).fill('removed');
  await expect(page).toHaveURL(/filters%5Bsearch%5D=removed/);
  await expect(page.getByRole('article')).toHaveCount(2);

  // One card a page: pages at the top and the bottom.
  await page.goto(`${page.url()}&per_page=1`);
  await expect(page.getByRole('checkbox', { name: 'Sunset' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Breaking (only)' })).toBeChecked();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('removed');
  await expect(page.getByRole('navigation', { name: 'Changelog pages (top)' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Changelog pages (bottom)' })).toBeVisible();
  const first = page.getByRole('article');
  await expect(first).toHaveCount(1);
  await expect(first.getByRole('link', { name: 'Weather logs removed' })).toBeVisible();
  await expect(first.getByText('2026-05')).toBeVisible();
  await expect(first.getByText('v1.0+')).toBeVisible();
  const showMore = first.getByRole('button', { name: 'Show More' });
  await showMore.click();
  await expect(first.getByRole('button', { name: 'Show Less' })).toHaveAttribute('aria-expanded', 'true');
  await expect(first.getByText('Keep the one-year notice in mind')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Changelog pages (bottom)' })
    .getByRole('button', { name: '2' })
    .click();
  await expect(page).toHaveURL(/page=2/);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Sunset' })).toBeChecked();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('removed');
  const card = page.getByRole('article');
  await card.getByRole('link', { name: 'v0.9 projects removed' }).click();
  await expect(page).toHaveURL(/\/reference\/rest\/endpoints\/list-projects$/);
  await expect(page.getByRole('heading', { level: 1, name: 'List projects' })).toBeVisible();
});

/** The current `rest` document plus one new operation: the next document an admin imports. */
async function nextDocument(page: Page, summary: string) {
  const doc = await (await page.request.get('/api/v1/resource_groups/rest/document')).json();
  const slug = `e2e${Date.now()}`;
  doc.paths[`/rest/v1.1/${slug}`] = {
    get: {
      operationId: `list-${slug}`,
      summary,
      tags: ['Projects'],
      responses: { 200: { description: 'OK' } },
    },
  };
  return { text: JSON.stringify(doc), endpoint: `GET /rest/v1.1/${slug}` };
}

test('an admin imports the next rest document, edits a proposal and publishes it: public list and feed', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInTo(page, ADMIN_EMAIL, '/admin/reference');
  await expect(
    page.getByRole('heading', { level: 1, name: 'API changelog: import and proposals' }),
  ).toBeVisible();
  const next = await nextDocument(page, 'List inspections');

  await page.getByRole('textbox', { name: 'OpenAPI document (JSON)' }).fill('{"openapi": "3.0.3"');
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText(/^The document is not valid JSON/)).toBeVisible();

  await page.getByRole('textbox', { name: 'OpenAPI document (JSON)' }).fill(next.text);
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported: 1 proposed entries' })).toBeVisible();

  const proposal = page.getByRole('article').filter({ hasText: next.endpoint });
  await proposal.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit proposed entry' });
  const summary = `Inspections list ${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'Summary' }).fill(summary);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const edited = page.getByRole('article').filter({ hasText: summary });
  await edited.getByRole('button', { name: 'Publish' }).click();
  await expect(edited).toHaveCount(0);

  const anonymous = await (await browser.newContext({ baseURL: new URL(page.url()).origin })).newPage();
  await anonymous.goto('/reference/rest/changelog');
  await expect(anonymous.getByRole('article').first().getByRole('link', { name: summary })).toBeVisible();
  const feed = await anonymous.request.get('/api/v1/resource_groups/rest/changelog.atom');
  expect(feed.headers()['content-type']).toMatch(/^application\/atom\+xml/);
  expect(await feed.text()).toContain(`<title>${summary}</title>`);
  await anonymous.context().close();
});

test('the manifest editor’s guide link opens the manifest guide', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, DEVELOPER_EMAIL);
  await page.goto(`/developer_apps/${await createApp(page.request, `Guide App ${Date.now()}`)}`);
  const createNew = page
    .getByRole('region', { name: 'Manifests' })
    .getByRole('button', { name: 'Create New Version' });
  await expect(createNew).toBeEnabled({ timeout: 30_000 });
  await createNew.click();
  const editor = page.getByRole('dialog', { name: 'New Sandbox manifest version' });
  const [guide] = await Promise.all([
    page.context().waitForEvent('page'),
    editor.getByRole('link', { name: 'How to define a manifest' }).click(),
  ]);
  await expect(guide).toHaveURL(/\/documentation\/building-apps-define-manifest$/);
  await expect(guide.getByRole('heading', { level: 1, name: "Define your app's manifest" })).toBeVisible();
  await expect(guide.getByRole('heading', { level: 2, name: 'Interpolation' })).toBeVisible();
});
