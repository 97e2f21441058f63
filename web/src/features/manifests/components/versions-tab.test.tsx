import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { expect, test } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers.tsx';
import { configHandler, developer, runtimeConfig, server } from '../../../test/server.ts';
import { bodyRows, manifest, manifestsApi } from '../testing.ts';
import { VersionsTab } from './versions-tab.tsx';

function renderTab(props: Partial<Parameters<typeof VersionsTab>[0]> = {}) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  render(
    <AppProviders client={client}>
      <Suspense fallback={null}>
        <VersionsTab appId="a1" {...props} />
      </Suspense>
    </AppProviders>,
  );
}

const versions = () => [
  manifest({ version: 1, semantic_version: '0.1.0', created_at: '2026-01-01T10:00:00Z' }),
  manifest({
    environment: 'Production',
    version: 1,
    semantic_version: '0.1.0',
    published_to_marketplace: true,
    created_at: '2026-01-02T10:00:00Z',
  }),
  manifest({ version: 2, semantic_version: '0.2.0', promotable: true, created_at: '2026-01-03T10:00:00Z' }),
];

test('every version, newest first by created_at, with the spec’s columns; each can be viewed', async () => {
  server.use(configHandler(runtimeConfig({ user: developer })));
  const api = manifestsApi(versions());
  renderTab();
  const table = await screen.findByRole('table', { name: 'Versions' });
  for (const column of ['Version', 'Created at', 'App Version Key', 'Published to marketplace'])
    expect(within(table).getByRole('columnheader', { name: column })).toBeInTheDocument();
  expect(bodyRows(table).map((row) => row.cells[0]?.textContent)).toEqual([
    '0.2.0Sandbox',
    '0.1.0Production',
    '0.1.0Sandbox',
  ]);
  expect(bodyRows(table)[1]).toHaveTextContent('Yes');
  const [request] = api.callsTo('GET', '/manifests');
  expect(request?.search.get('sort')).toBe('-created_at');
  expect(request?.search.has('filters[versionable_type]')).toBe(false);
  // Without canPromote, no Promote.
  expect(within(table).queryByRole('button', { name: 'Promote' })).toBeNull();
  await userEvent.click(within(bodyRows(table)[1]!).getByRole('button', { name: 'View' }));
  expect(await screen.findByRole('dialog', { name: 'Manifest version 0.1.0' })).toBeInTheDocument();
});

test('FedRAMP lists production versions only; a promotable version offers Promote when allowed', async () => {
  server.use(configHandler(runtimeConfig({ user: developer, fedramp: true })));
  const api = manifestsApi(versions());
  renderTab({ canPromote: true });
  const table = await screen.findByRole('table', { name: 'Versions' });
  expect(bodyRows(table)).toHaveLength(1);
  expect(api.callsTo('GET', '/manifests')[0]?.search.get('filters[versionable_type]')).toBe('Production');
  expect(within(table).queryByRole('button', { name: 'Promote' })).toBeNull();
});

test('a promotable sandbox version can be promoted from the tab', async () => {
  server.use(configHandler(runtimeConfig({ user: developer })));
  manifestsApi(versions());
  renderTab({ canPromote: true });
  const table = await screen.findByRole('table', { name: 'Versions' });
  await userEvent.click(within(bodyRows(table)[0]!).getByRole('button', { name: 'Promote' }));
  expect(
    await screen.findByRole('dialog', { name: 'Promote version 0.2.0 to production' }),
  ).toBeInTheDocument();
});

test('Restore opens the semantic-version modal; it creates a sandbox version with that content', async () => {
  server.use(configHandler(runtimeConfig({ user: developer })));
  const old = manifest({
    version: 1,
    semantic_version: '0.1.0',
    content: { schema_version: '4.1', fullscreen: { source_url: 'https://old.example.com' } },
    created_at: '2026-01-01T10:00:00Z',
  });
  const api = manifestsApi([
    old,
    manifest({ version: 2, semantic_version: '0.4.0', created_at: '2026-01-03T10:00:00Z' }),
    manifest({
      environment: 'Production',
      version: 2,
      semantic_version: '0.4.0',
      created_at: '2026-01-04T10:00:00Z',
    }),
  ]);
  renderTab({ canCreate: true });
  const table = await screen.findByRole('table', { name: 'Versions' });
  await userEvent.click(within(table).getByRole('button', { name: 'Restore Sandbox version 0.1.0' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Version' });
  expect(dialog).toHaveTextContent('a new sandbox version with the content of version 0.1.0');
  // Suggested above every version the app has.
  const input = within(dialog).getByRole('textbox', { name: /Semantic version/ });
  expect(input).toHaveValue('0.5.0');
  await userEvent.clear(input);
  await userEvent.type(input, '1.0.0');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create Version' }));
  expect(await screen.findByText('New sandbox manifest version created')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Version' })).toBeNull());
  expect(api.callsTo('POST', '/app_versions').map((call) => call.body)).toEqual([
    {
      app_version: {
        developer_app_id: 'a1',
        environment_type: 'Sandbox',
        manifest: { content: old.content },
        semantic_version: '1.0.0',
      },
    },
  ]);
  // The list refreshes: the restored version heads it.
  await waitFor(() => expect(bodyRows(table)[0]).toHaveTextContent('1.0.0Sandbox'));
});

test('with semantic versions off, Restore only confirms and sends no semantic version', async () => {
  server.use(configHandler(runtimeConfig({ user: developer, semantic_versions: false })));
  const api = manifestsApi(versions());
  renderTab({ canCreate: true });
  const table = await screen.findByRole('table', { name: 'Versions' });
  await userEvent.click(within(table).getByRole('button', { name: 'Restore Sandbox version 0.1.0' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Version' });
  expect(within(dialog).queryByRole('textbox')).toBeNull();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create Version' }));
  await waitFor(() => expect(api.callsTo('POST', '/app_versions')).toHaveLength(1));
  expect(api.callsTo('POST', '/app_versions')[0]?.body).toMatchObject({
    app_version: { semantic_version: null },
  });
});

test('without canCreate there is no Restore', async () => {
  server.use(configHandler(runtimeConfig({ user: developer })));
  manifestsApi(versions());
  renderTab();
  const table = await screen.findByRole('table', { name: 'Versions' });
  expect(within(table).queryByRole('button', { name: /Restore/ })).toBeNull();
});
