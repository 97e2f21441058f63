import { MANIFEST_MESSAGES } from '@portal/contracts/manifest-rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, test } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import { admin, configHandler, developer, runtimeConfig, server } from '../../test/server.ts';
import { app, ownerFlags } from '../apps/testing.ts';
import { bodyRows, manifest, manifestsApi, readyApp, section, signedInOn } from './testing.ts';

const developerFlags = { ...ownerFlags, canModifyManifests: false, canCreateSandboxManifests: false };

function seeded() {
  const first = manifest({ version: 1, semantic_version: '0.1.0' });
  const second = manifest({ version: 2, semantic_version: '0.2.0', promotable: true });
  const production = manifest({
    environment: 'Production',
    version: 1,
    semantic_version: '0.1.0',
    state: 'published',
    published_to_marketplace: true,
    changelog: 'First release.\nWith a second line.',
  });
  return { first, second, production, versions: [first, second, production] };
}

/** A review decision from a version's row: its button, the notes in its dialog, then the same button there. */
async function decideWithNotes(
  row: HTMLElement,
  action: string,
  dialogName: string,
  [label, notes]: [string, string],
) {
  await userEvent.click(within(row).getByRole('button', { name: action }));
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  await userEvent.type(within(dialog).getByRole('textbox', { name: label }), notes);
  await userEvent.click(within(dialog).getByRole('button', { name: action }));
}

/** The manifests card says why no version can be made yet: Create New Version disabled, the status Draft. */
async function expectNoNewVersion(card: HTMLElement, reason: string) {
  expect(await within(card).findByText(reason)).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Create New Version' })).toBeDisabled();
  expect(await within(card).findByTestId('manifest-status')).toHaveTextContent('Draft');
}

test('Sandbox is the default tab; it lists the latest version until old versions are shown', async () => {
  signedInOn();
  const { versions, second } = seeded();
  const api = manifestsApi(versions);
  renderRoute('/developer_apps/a1');
  const card = await section();
  expect(await within(card).findByTestId('manifest-status')).toHaveTextContent('Ready for Testing');
  expect(within(card).getByRole('tab', { name: 'Sandbox' })).toHaveAttribute('aria-selected', 'true');
  const table = await within(card).findByRole('table', { name: 'Sandbox manifests' });
  for (const column of ['Version', 'Created', 'App Version Key', 'Promote or view'])
    expect(within(table).getByRole('columnheader', { name: column })).toBeInTheDocument();
  expect(bodyRows(table)).toHaveLength(1);
  expect(bodyRows(table)[0]).toHaveTextContent(`0.2.0${new Date(second.created_at).toLocaleString()}`);
  expect(bodyRows(table)[0]).toHaveTextContent(second.app_version_key);
  // The newest version of each environment (the header status; the latest-only table).
  const newestCalls = api.callsTo('GET', '/manifests').filter((c) => c.search.get('per_page') === '1');
  expect(new Set(newestCalls.map((c) => c.search.get('filters[versionable_type]')))).toEqual(
    new Set(['Sandbox', 'Production']),
  );
  expect(newestCalls.every((c) => c.search.get('sort') === '-version')).toBe(true);

  await userEvent.click(within(card).getByRole('switch', { name: 'Show old versions' }));
  await waitFor(() =>
    expect(bodyRows(within(card).getByRole('table')).map((row) => row.cells[0]?.textContent)).toEqual([
      '0.2.0',
      '0.1.0',
    ]),
  );
  const all = api.callsTo('GET', '/manifests').find((c) => c.search.get('per_page') === '25');
  expect(all?.search.get('filters[versionable_type]')).toBe('Sandbox');
  // Only the promotable version offers Promote; every version can be viewed.
  const [newest, oldest] = bodyRows(within(card).getByRole('table'));
  expect(within(newest!).getByRole('button', { name: 'Promote' })).toBeInTheDocument();
  expect(within(oldest!).queryByRole('button', { name: 'Promote' })).toBeNull();
  expect(within(oldest!).getByRole('button', { name: 'View' })).toBeInTheDocument();
});

test('View shows the manifest as read-only JSON; Copy reads "copied" for a while and a toast confirms', async () => {
  signedInOn();
  const user = userEvent.setup();
  const { versions, second } = seeded();
  manifestsApi(versions);
  renderRoute('/developer_apps/a1');
  const card = await section();
  await user.click(await within(card).findByRole('button', { name: 'View' }));
  const dialog = await screen.findByRole('dialog', { name: 'Manifest version 0.2.0' });
  expect(within(dialog).getByLabelText('Manifest JSON')).toHaveTextContent('"schema_version": "3"');
  expect(within(dialog).queryByRole('textbox')).toBeNull();
  await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
  expect(await within(dialog).findByRole('button', { name: 'copied' })).toBeInTheDocument();
  expect(await navigator.clipboard.readText()).toBe(JSON.stringify(second.content, null, 2));
  expect(await screen.findByText('Manifest copied to the clipboard')).toBeInTheDocument();
  // The confirmation goes back to Copy by itself.
  expect(await within(dialog).findByRole('button', { name: 'Copy' })).toBeInTheDocument();
});

test('Production: columns, release notes, and the review: submit with notes, then withdraw', async () => {
  signedInOn();
  const sandbox = manifest({ version: 3, semantic_version: '0.3.0' });
  const candidate = manifest({
    environment: 'Production',
    version: 3,
    semantic_version: '0.3.0',
    submittable: true,
    changelog: 'Faster sync.',
  });
  const api = manifestsApi([sandbox, candidate]);
  renderRoute('/developer_apps/a1');
  const card = await section();
  await userEvent.click(within(card).getByRole('tab', { name: 'Production' }));
  const table = await within(card).findByRole('table', { name: 'Production manifests' });
  for (const column of [
    'Version',
    'Released to production',
    'App Version Key',
    'Published to marketplace',
    'Release notes',
    'Review',
  ])
    expect(within(table).getByRole('columnheader', { name: column })).toBeInTheDocument();
  const row = bodyRows(table)[0]!;
  expect(row).toHaveTextContent('Not submitted');
  expect(row).toHaveTextContent('No');
  expect(within(card).getByTestId('manifest-status')).toHaveTextContent('Promoted');

  await userEvent.click(within(row).getByRole('button', { name: 'Release notes' }));
  const notes = await screen.findByRole('dialog', { name: 'Release notes' });
  expect(notes).toHaveTextContent('Version 0.3.0');
  expect(notes).toHaveTextContent(new Date(candidate.created_at).toLocaleDateString());
  expect(notes).toHaveTextContent('Faster sync.');
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

  await decideWithNotes(row, 'Submit for Review', 'Submit version 0.3.0 for review', [
    'Notes for the reviewers',
    'Please look.',
  ]);
  expect(await screen.findByText('Version submitted for review')).toBeInTheDocument();
  expect(api.callsTo('PATCH', `/app_versions/${candidate.id}`)[0]?.body).toEqual({
    app_version: { state: 'in_review', developer_notes: 'Please look.' },
  });
  const inReview = () => bodyRows(within(card).getByRole('table'))[0]!;
  await waitFor(() => expect(inReview()).toHaveTextContent('In review'));
  expect(within(card).getByTestId('manifest-status')).toHaveTextContent('Under Review');

  await userEvent.click(within(inReview()).getByRole('button', { name: 'Withdraw' }));
  await waitFor(() => expect(inReview()).toHaveTextContent('Not submitted'));
  expect(api.callsTo('PATCH', `/app_versions/${candidate.id}`)[1]?.body).toEqual({
    app_version: { state: 'confidential' },
  });
});

test('promoting needs release notes, then the Production tab opens with the new version', async () => {
  signedInOn();
  const { versions } = seeded();
  const api = manifestsApi(versions);
  renderRoute('/developer_apps/a1');
  const card = await section();
  await userEvent.click(await within(card).findByRole('button', { name: 'Promote' }));
  const dialog = await screen.findByRole('dialog', { name: 'Promote version 0.2.0 to production' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));
  expect(await within(dialog).findByText(MANIFEST_MESSAGES.releaseNotesRequired)).toBeInTheDocument();
  expect(api.callsTo('POST', '/app_version_promotions')).toHaveLength(0);
  await userEvent.type(within(dialog).getByRole('textbox', { name: /Release notes/ }), 'Observations too.');
  const listsBefore = api.callsTo('GET', '/manifests').length;
  await userEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));

  expect(await screen.findByText('New production manifest version created')).toBeInTheDocument();
  expect(api.callsTo('POST', '/app_version_promotions')[0]?.body).toEqual({
    app_version_promotion: { source_app_version_id: versions[1]!.id, changelog: 'Observations too.' },
  });
  await waitFor(() =>
    expect(within(card).getByRole('tab', { name: 'Production' })).toHaveAttribute('aria-selected', 'true'),
  );
  const table = await within(card).findByRole('table', { name: 'Production manifests' });
  await waitFor(() => expect(bodyRows(table)[0]).toHaveTextContent('0.2.0'));
  expect(within(card).getByTestId('manifest-status')).toHaveTextContent('Promoted');
  // Both environments were asked again.
  const refetched = api.callsTo('GET', '/manifests').slice(listsBefore);
  expect(new Set(refetched.map((c) => c.search.get('filters[versionable_type]')))).toEqual(
    new Set(['Sandbox', 'Production']),
  );
});

test('a platform admin approves or rejects a version in review, with notes', async () => {
  signedInOn(readyApp, developerFlags);
  server.use(configHandler(runtimeConfig({ user: admin })));
  const inReview = manifest({ environment: 'Production', semantic_version: '1.0.0', state: 'in_review' });
  const api = manifestsApi([manifest({ semantic_version: '1.0.0', version: inReview.version }), inReview]);
  renderRoute('/developer_apps/a1');
  const card = await section();
  expect(await within(card).findByTestId('manifest-status')).toHaveTextContent('Under Review');
  await userEvent.click(within(card).getByRole('tab', { name: 'Production' }));
  const row = bodyRows(await within(card).findByRole('table', { name: 'Production manifests' }))[0]!;
  expect(within(row).queryByRole('button', { name: 'Withdraw' })).toBeNull();
  expect(within(row).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  await decideWithNotes(row, 'Approve', 'Approve version 1.0.0', ['Notes for the developer', 'Well done.']);
  expect(await screen.findByText('Version approved')).toBeInTheDocument();
  expect(api.callsTo('PATCH', `/admin/app_versions/${inReview.id}`)[0]?.body).toEqual({
    app_version: { state: 'published', admin_notes: 'Well done.' },
  });
  await waitFor(() =>
    expect(within(card).getByTestId('manifest-status')).toHaveTextContent('Approved Version'),
  );
});

test('a refused review change shows the server’s reason in the section banner', async () => {
  signedInOn();
  const candidate = manifest({ environment: 'Production', submittable: true });
  manifestsApi([candidate]);
  server.use(
    http.patch('/api/v1/app_versions/:id', () =>
      HttpResponse.json(
        {
          message: 'Version 0.9.0 of this app is already in review; withdraw it first',
          errors: [],
          code: 'conflict',
        },
        { status: 409 },
      ),
    ),
  );
  renderRoute('/developer_apps/a1');
  const card = await section();
  await userEvent.click(within(card).getByRole('tab', { name: 'Production' }));
  await userEvent.click(await within(card).findByRole('button', { name: 'Submit for Review' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for Review' }));
  const banner = await within(card).findByRole('alert', { name: 'An error occurred' });
  expect(banner).toHaveTextContent('Version 0.9.0 of this app is already in review; withdraw it first');
});

test('the preconditions: no live sandbox, no production credentials', async () => {
  signedInOn({ ...app, sandbox: null, production_access: 'none' });
  manifestsApi([]);
  renderRoute('/developer_apps/a1');
  const card = await section();
  await expectNoNewVersion(card, MANIFEST_MESSAGES.sandboxRequired);
  await userEvent.click(within(card).getByRole('tab', { name: 'Production' }));
  expect(await within(card).findByText(MANIFEST_MESSAGES.productionCredentialsRequired)).toBeInTheDocument();
});

test('a developer on the app views versions but cannot create, promote or submit', async () => {
  signedInOn(readyApp, developerFlags);
  const { versions } = seeded();
  manifestsApi([...versions, manifest({ environment: 'Production', submittable: true, version: 2 })]);
  renderRoute('/developer_apps/a1');
  const card = await section();
  await within(card).findByRole('table', { name: 'Sandbox manifests' });
  expect(within(card).queryByRole('button', { name: 'Create New Version' })).toBeNull();
  expect(within(card).queryByRole('button', { name: 'Promote' })).toBeNull();
  expect(within(card).getByRole('button', { name: 'View' })).toBeInTheDocument();
  await userEvent.click(within(card).getByRole('tab', { name: 'Production' }));
  await within(card).findByRole('table', { name: 'Production manifests' });
  expect(within(card).queryByRole('button', { name: 'Submit for Review' })).toBeNull();
});

test('FedRAMP has no sandbox: only the Production tab', async () => {
  signedInOn();
  server.use(configHandler(runtimeConfig({ user: admin, fedramp: true })));
  manifestsApi([]);
  renderRoute('/developer_apps/a1');
  const card = await section();
  expect(within(card).queryByRole('tab', { name: 'Sandbox' })).toBeNull();
  expect(within(card).getByRole('tab', { name: 'Production' })).toHaveAttribute('aria-selected', 'true');
});

test('FedRAMP: versions are created straight in production, and the header follows production', async () => {
  signedInOn();
  server.use(configHandler(runtimeConfig({ user: developer, fedramp: true })));
  const approved = manifest({
    environment: 'Production',
    semantic_version: '0.1.0',
    state: 'published',
    published_to_marketplace: true,
    content: { schema_version: '4.1', fullscreen: { source_url: 'https://example.com' } },
  });
  const api = manifestsApi([approved]);
  renderRoute('/developer_apps/a1');
  const card = await section();
  expect(await within(card).findByTestId('manifest-status')).toHaveTextContent('Approved Version');
  await userEvent.click(within(card).getByRole('button', { name: 'Create New Version' }));
  const dialog = await screen.findByRole('dialog', { name: 'New Production manifest version' });
  expect(within(dialog).getByRole('textbox', { name: /Semantic version/ })).toHaveValue('0.2.0');
  expect(within(dialog).queryByRole('button', { name: 'Side panel' })).toBeNull();
  const create = within(dialog).getByRole('button', { name: 'Create' });
  await waitFor(() => expect(create).toBeEnabled());
  await userEvent.click(create);
  expect(await screen.findByText('New production manifest version created')).toBeInTheDocument();
  expect(api.callsTo('POST', '/app_versions')[0]?.body).toMatchObject({
    app_version: { environment_type: 'Production', semantic_version: '0.2.0' },
  });
  const table = await within(card).findByRole('table', { name: 'Production manifests' });
  await waitFor(() => expect(bodyRows(table)).toHaveLength(2));
  expect(bodyRows(table)[0]).toHaveTextContent('0.2.0');
  await waitFor(() => expect(within(card).getByTestId('manifest-status')).toHaveTextContent('Promoted'));
  expect(within(card).queryByText('Sandbox manifest created')).toBeNull();
});

test('FedRAMP without production credentials requested: creating waits for them', async () => {
  signedInOn({ ...readyApp, production_access: 'none' });
  server.use(configHandler(runtimeConfig({ user: developer, fedramp: true })));
  manifestsApi([]);
  renderRoute('/developer_apps/a1');
  const card = await section();
  await expectNoNewVersion(card, MANIFEST_MESSAGES.productionCredentialsRequired);
});

test('without semantic versions: no Release notes column, and promoting needs no release notes', async () => {
  signedInOn();
  server.use(configHandler(runtimeConfig({ user: developer, semantic_versions: false })));
  const sandbox = manifest({ version: 2, semantic_version: null, promotable: true });
  const production = manifest({ environment: 'Production', version: 1, semantic_version: null });
  const api = manifestsApi([sandbox, production]);
  renderRoute('/developer_apps/a1');
  const card = await section();
  await userEvent.click(await within(card).findByRole('button', { name: 'Promote' }));
  const dialog = await screen.findByRole('dialog', { name: 'Promote version 2 to production' });
  expect(within(dialog).getByRole('textbox', { name: 'Release notes' })).not.toBeRequired();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));
  expect(await screen.findByText('New production manifest version created')).toBeInTheDocument();
  expect(api.callsTo('POST', '/app_version_promotions')[0]?.body).toEqual({
    app_version_promotion: { source_app_version_id: sandbox.id, changelog: null },
  });
  const table = await within(card).findByRole('table', { name: 'Production manifests' });
  await waitFor(() => expect(bodyRows(table)).toHaveLength(2));
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  expect(headers).toEqual([
    'Version',
    'Released to production',
    'App Version Key',
    'Published to marketplace',
    'Review',
  ]);
  expect(within(table).queryByRole('button', { name: 'Release notes' })).toBeNull();
});

test('a refused promotion shows the reason in the dialog, in a banner that can be dismissed', async () => {
  signedInOn();
  const { versions } = seeded();
  manifestsApi(versions);
  server.use(
    http.post('/api/v1/app_version_promotions', () =>
      HttpResponse.json(
        { message: MANIFEST_MESSAGES.productionCredentialsRequired, errors: [], code: 'conflict' },
        { status: 409 },
      ),
    ),
  );
  renderRoute('/developer_apps/a1');
  const card = await section();
  await userEvent.click(await within(card).findByRole('button', { name: 'Promote' }));
  const dialog = await screen.findByRole('dialog', { name: 'Promote version 0.2.0 to production' });
  await userEvent.type(within(dialog).getByRole('textbox', { name: /Release notes/ }), 'Notes.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));
  const banner = await within(dialog).findByRole('alert', { name: 'An error occurred' });
  expect(banner).toHaveTextContent(MANIFEST_MESSAGES.productionCredentialsRequired);
  await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
  await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
  expect(within(card).getByRole('tab', { name: 'Sandbox' })).toHaveAttribute('aria-selected', 'true');
});
