import type { DeveloperAppPermissions } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, test } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { app, ownerFlags, signedIn } from '../apps/testing.ts';
import { completeDraft } from './testing.ts';

const enabled = { ...app, marketplace_enabled: true };

/** A collaborator with the developer role: the app permissions do not allow editing (canEdit false). */
const developerFlags: DeveloperAppPermissions = {
  ...ownerFlags,
  canEdit: false,
  canModifyCredentials: false,
  canModifyManifests: false,
  canSetSemanticVersions: false,
  canCreateSandboxManifests: false,
  canSubmitMarketplaceApp: false,
  canDestroy: false,
  canGenerateSandbox: false,
  appFieldPermissions: Object.fromEntries(Object.keys(ownerFlags.appFieldPermissions).map((k) => [k, false])),
};

/** The app has no listing yet; a create is recorded (the server would refuse a developer's with 403). */
function noListing() {
  const creates: unknown[] = [];
  server.use(
    http.get('/api/v1/developer_apps/a1/submissions', () =>
      HttpResponse.json({ published_app: null, unpublished_app: null }),
    ),
    http.post('/api/v1/developer_apps/a1/submissions', async ({ request }) => {
      const body = await request.json();
      creates.push(body);
      return HttpResponse.json({ ...completeDraft, ...(body as object) }, { status: 201 });
    }),
  );
  return creates;
}

const editorCard = async () => {
  const card = await screen.findByRole('region', { name: 'Marketplace Listing' });
  await within(card).findByRole('button', { name: 'Save Draft' });
  return card;
};

test('no listing yet: a developer whose app permissions do not allow editing sees the form read-only', async () => {
  signedIn({ ...enabled, role: 'developer' }, developerFlags);
  const creates = noListing();
  renderRoute('/developer_apps/a1');
  const card = await editorCard();

  const name = within(card).getByRole('textbox', { name: 'Public name' });
  expect(name).toHaveAttribute('readonly');
  await userEvent.type(name, ' changed');
  expect(name).toHaveValue('Field Sync');
  expect(within(card).getByRole('button', { name: 'Save Draft' })).toBeDisabled();

  await userEvent.click(within(card).getByRole('tab', { name: /Pricing/ }));
  const radios = within(card).getAllByRole('radio');
  expect(radios.length).toBeGreaterThan(0);
  for (const radio of radios) expect(radio).toBeDisabled();

  expect(within(card).getByRole('button', { name: 'Save Draft' })).toBeDisabled();
  expect(creates).toEqual([]);
});

test('no listing yet: the owner may edit and Save Draft creates the listing', async () => {
  signedIn(enabled, ownerFlags);
  const creates = noListing();
  renderRoute('/developer_apps/a1');
  const card = await editorCard();

  const name = within(card).getByRole('textbox', { name: 'Public name' });
  expect(name).not.toHaveAttribute('readonly');
  await userEvent.clear(name);
  await userEvent.type(name, 'Field Sync Pro');
  const save = within(card).getByRole('button', { name: 'Save Draft' });
  expect(save).toBeEnabled();
  await userEvent.click(save);
  await waitFor(() => expect(creates).toHaveLength(1));
  expect(creates[0]).toMatchObject({ public_name: 'Field Sync Pro' });
});

test('once a listing exists, its can_edit decides (the app permissions do not override it)', async () => {
  signedIn({ ...enabled, role: 'developer' }, developerFlags);
  server.use(
    http.get('/api/v1/developer_apps/a1/submissions', () =>
      HttpResponse.json({
        published_app: null,
        unpublished_app: { ...completeDraft, permissions: { ...completeDraft.permissions, can_edit: true } },
      }),
    ),
  );
  renderRoute('/developer_apps/a1');
  const card = await editorCard();
  expect(within(card).getByRole('textbox', { name: 'Public name' })).not.toHaveAttribute('readonly');
});
