// Issue 25: rate-limit buckets (QuotaMinder) in Chromium. Staff add a bucket with the default
// templates plus an extra one, retrieve it on its server, shadow it, watch the would-be 429s the
// check API's traffic makes, enforce it (confirmed), see 429s, read the impact preview of a tighter
// limit, see both changes in its history, and delete it; a bad domain shows the server's message.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, request, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_EMAIL, PORTAL_URL, SERVICE_TOKEN } from '../support/env.ts';
import { signInTo } from '../support/session.ts';

const SERVER = 'Integrator_Sandbox';

async function pickServer(page: Page, server: string) {
  await page
    .getByRole('textbox', { name: 'Server' })
    .or(page.getByRole('combobox', { name: 'Server' }))
    .first()
    .click();
  await page.getByRole('option', { name: server }).click();
}

/** Staff's bucket page with every browser dialog accepted; the dialogs' messages, in order. */
async function openBuckets(page: Page): Promise<string[]> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  await signInTo(page, ADMIN_EMAIL, '/admin/quota_minder');
  return dialogs;
}

test('a bucket from the add form to delete: shadow counts, enforce, 429s, impact preview, history', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const api = await adminApi();
  // An OAuth application to limit: the first sandbox client in the admin OAuth list, with no bucket yet.
  const clients = await (
    await api.get('/api/v1/admin/oauth_applications?environment=sandbox&per_page=1')
  ).json();
  const { uid, name: appName } = clients[0] as { uid: string; name: string };
  const existing = (await (
    await api.get(`/api/v1/admin/quota_minder_servers/${SERVER}/buckets?filters[search]=${uid}`)
  ).json()) as Array<{ id: string }>;
  for (const bucket of existing)
    await api.delete(`/api/v1/admin/quota_minder_servers/${SERVER}/buckets/${bucket.id}`, {
      headers: api.csrf,
    });

  const dialogs = await openBuckets(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Rate-limit buckets' })).toBeVisible();
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(axe.violations).toEqual([]);

  await pickServer(page, SERVER);
  const form = page.getByRole('form', { name: 'Add bucket' });
  await expect(form.getByRole('textbox', { name: 'Template 1 limit' })).toHaveValue('7200');
  await expect(form.getByRole('textbox', { name: 'Template 2 interval (ms)' })).toHaveValue('10000');
  const name = `E2E bucket ${Date.now()}`;
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: 'Domain' }).fill(uid);
  await form.getByRole('button', { name: 'Add template' }).click();
  await expect(form.getByRole('textbox', { name: 'Template 3 limit' })).toHaveValue('100');
  await form.getByRole('button', { name: 'Add bucket' }).click();
  await expect.poll(() => dialogs).toContain(`Add this bucket to ${SERVER}?`);

  await page.getByRole('button', { name: 'Retrieve buckets' }).click();
  const table = page.getByRole('table', { name: `Buckets on ${SERVER}` });
  await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();

  // Shadow on.
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('form', { name: 'Edit bucket' });
  await edit.getByRole('checkbox', { name: /Shadow mode/ }).check();
  await edit.getByRole('button', { name: 'Save bucket' }).click();
  await expect(table.getByText('Shadow', { exact: true })).toBeVisible();

  // A gateway drives the check API past the spike limit: shadowed, nothing is refused.
  const gateway = await request.newContext({
    baseURL: PORTAL_URL,
    extraHTTPHeaders: { authorization: `Bearer ${SERVICE_TOKEN}` },
  });
  const drive = async (count: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++)
      statuses.push(
        (
          await gateway.post('/api/v1/quota_minder/check', { data: { server: SERVER, client_id: uid } })
        ).status(),
      );
    return statuses;
  };
  expect(new Set(await drive(130))).toEqual(new Set([200]));
  await page.getByRole('button', { name: `Show the history and traffic of ${name}` }).click();
  await expect(page.getByTestId('would-refuse').first()).not.toHaveText('0', { timeout: 15_000 });

  // Enforce (two confirmations): now the same traffic is refused.
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await edit.getByRole('checkbox', { name: /Shadow mode/ }).uncheck();
  await edit.getByRole('button', { name: 'Save bucket' }).click();
  await expect
    .poll(() => dialogs)
    .toContain(
      'Switch this bucket from shadow mode to enforce? Requests over its limits will be refused with 429.',
    );
  await expect(table.getByText('Enforced', { exact: true })).toBeVisible();
  // Past the spike again (it refilled while the page was used): the enforced bucket refuses.
  expect(await drive(150)).toContain(429);
  await page.getByRole('button', { name: `Show the history and traffic of ${name}` }).click();
  await expect(page.getByTestId('refused').first()).not.toHaveText('0', { timeout: 15_000 });

  // The impact preview of a tighter spike.
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await edit.getByRole('textbox', { name: 'Template 2 limit' }).fill('10');
  await expect(edit.getByTestId('impact-preview')).toHaveText(
    new RegExp(
      `^would have throttled \\d+ requests from app ${appName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} in the last 7 days$`,
    ),
  );
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // Both changes in its history.
  await page.getByRole('button', { name: `Show the history and traffic of ${name}` }).click();
  await expect(page.getByText('Bucket edited')).toHaveCount(2);
  await expect(page.getByText('Bucket created')).toHaveCount(1);

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expect.poll(() => dialogs).toContain(`Are you sure you wish to delete the bucket ${name}?`);
  await expect(table.getByRole('cell', { name, exact: true })).toHaveCount(0);
  await gateway.dispose();
});

test("a bad domain shows the server's message in a browser alert", async ({ page }) => {
  const dialogs = await openBuckets(page);
  const form = page.getByRole('form', { name: 'Add bucket' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Bad domain');
  await form.getByRole('textbox', { name: 'Domain' }).fill('no-such-client');
  await form.getByRole('button', { name: 'Add bucket' }).click();
  await expect
    .poll(() => dialogs)
    .toContain("Domain must be the client ID of an OAuth application; 'no-such-client' is none");
});
