import { expect, type Page, test } from '@playwright/test';
import { createApp } from '../support/api.ts';
import { DEVELOPER_EMAIL } from '../support/env.ts';
import { pngBytes } from '../support/png.ts';
import { signIn } from '../support/session.ts';

/**
 * Holds the next logo upload (a multipart PATCH /developer_apps/{id}) until `release` is called, so the progress
 * the page shows while it runs can be seen however fast the upload is.
 */
async function holdUploads(page: Page, appId: string) {
  let release = () => {};
  await page.route(`**/api/v1/developer_apps/${appId}`, async (route) => {
    const multipart = route.request().headers()['content-type']?.startsWith('multipart/form-data');
    if (route.request().method() !== 'PATCH' || !multipart) return route.fallback();
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    await route.continue();
  });
  return { release: () => release() };
}

test('the logo dropzone uploads by click and by drag, with progress, preview and remove; My Apps shows it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, DEVELOPER_EMAIL);
  const name = `Logo App ${Date.now()}`;
  const appId = await createApp(page.request, name);
  await page.goto(`/developer_apps/${appId}`);
  const settings = page.getByRole('region', { name: 'App Settings' });
  const dropzone = settings.getByRole('button', { name: /^App avatar: Drag a file here or click/ });
  await expect(dropzone).toBeVisible();
  await expect(settings.getByText('JPEG or PNG, one file, up to 2 MB')).toBeVisible();
  const uploads = await holdUploads(page, appId);
  const progress = settings.getByRole('progressbar', { name: 'Upload progress' });
  const preview = settings.getByRole('img', { name: 'App avatar' });

  // By click: the file chooser opens from the dropzone.
  const chooser = page.waitForEvent('filechooser');
  await dropzone.click();
  await (await chooser).setFiles({ name: 'clicked.png', mimeType: 'image/png', buffer: pngBytes(256, 256) });
  // The bar is there (its filled part may still be 0 px wide) and says how far it is.
  await expect(progress).toHaveAttribute('aria-valuenow', /^\d+$/);
  await expect(settings.getByText(/^Uploading\.\.\. \d+%$/)).toBeVisible();
  await expect(preview).toHaveAttribute('src', /^blob:/);
  uploads.release();
  await expect(page.getByText('Uploaded Logo!')).toBeVisible();
  await expect(progress).toHaveCount(0);
  await expect(preview).toHaveAttribute('src', new RegExp(`/api/v1/developer_apps/${appId}/thumbnail`));
  const clickedSrc = await preview.getAttribute('src');

  // By drag: a file dropped onto the dropzone.
  const dataTransfer = await page.evaluateHandle(
    (bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], 'dragged.png', { type: 'image/png' }));
      return transfer;
    },
    [...pngBytes(300, 300)],
  );
  await dropzone.dispatchEvent('dragenter', { dataTransfer });
  await dropzone.dispatchEvent('drop', { dataTransfer });
  await expect(settings.getByText(/^Uploading\.\.\. \d+%$/)).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', /^\d+$/);
  uploads.release();
  await expect(progress).toHaveCount(0);
  await expect(preview).toHaveAttribute('src', /\/thumbnail\?v=/);
  await expect(preview).not.toHaveAttribute('src', clickedSrc!);
  // The saved logo is really there.
  const logo = await page.request.get((await preview.getAttribute('src'))!);
  expect(logo.headers()['content-type']).toBe('image/png');

  // My Apps shows it beside the app.
  await page.goto('/developer_apps');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
  await expect(row.locator('img')).toHaveAttribute('src', new RegExp(`/developer_apps/${appId}/thumbnail`));

  // Remove: the dropzone is empty again.
  await page.goto(`/developer_apps/${appId}`);
  await settings.getByRole('button', { name: 'Remove logo' }).click();
  await expect(page.getByText('Removed Logo!')).toBeVisible();
  await expect(preview).toHaveCount(0);
});
