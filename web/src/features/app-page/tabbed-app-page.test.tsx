import type { DeveloperApp } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import { configHandler, developer, runtimeConfig, server } from '../../test/server.ts';
import { app, liveSandbox, signedIn } from '../apps/testing.ts';
import { manifest, manifestsApi } from '../manifests/testing.ts';

const liveApp: DeveloperApp = { ...app, sandbox: liveSandbox };

function setup(data: DeveloperApp = liveApp) {
  signedIn(data);
  server.use(configHandler(runtimeConfig({ user: { ...developer, developer_apps_beta: true } })));
  manifestsApi([]);
}

test('a tab the page does not have shows a placeholder, not Configurations; it leads back', async () => {
  setup();
  const { router } = renderRoute('/developer_apps/a1?tab=nonsense');
  expect(await screen.findByRole('heading', { name: 'This tab does not exist' })).toBeInTheDocument();
  const nav = screen.getByRole('navigation', { name: 'App Information' });
  expect(within(nav).queryByRole('button', { current: 'page' })).toBeNull();
  expect(screen.queryByText('New Version (Draft)')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Go to Configurations' }));
  await waitFor(() => expect(router.state.location.search).toBe(''));
  expect(await screen.findByText('New Version (Draft)')).toBeInTheDocument();
  expect(within(nav).getByRole('button', { name: 'Configurations' })).toHaveAttribute('aria-current', 'page');
});

test('the Versions tab offers Restore only where a new version can be made (a live sandbox)', async () => {
  for (const [data, expected] of [
    [liveApp, 1],
    [{ ...liveApp, sandbox: { ...liveSandbox, status: 'pending' } }, 0],
  ] as const) {
    signedIn(data);
    server.use(configHandler(runtimeConfig({ user: { ...developer, developer_apps_beta: true } })));
    manifestsApi([manifest({ semantic_version: '0.1.0' })]);
    const view = renderRoute('/developer_apps/a1?tab=versions');
    const table = await screen.findByRole('table', { name: 'Versions' });
    expect(within(table).queryAllByRole('button', { name: 'Restore Sandbox version 0.1.0' })).toHaveLength(
      expected,
    );
    view.unmount();
  }
});
