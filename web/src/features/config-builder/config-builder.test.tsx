import type { DeveloperApp } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, expect, test, vi } from 'vitest';
import { expectLink } from '../../test/links.ts';
import { renderRoute } from '../../test/render.tsx';
import { developer, runtimeConfig, server } from '../../test/server.ts';
import { app, liveSandbox, signedIn } from '../apps/testing.ts';
import { type Call, manifest, manifestsApi } from '../manifests/testing.ts';
import { completeDraft } from '../marketplace/testing.ts';
import { OPT_IN_KEYS } from './opt-in.ts';

const liveApp: DeveloperApp = { ...app, sandbox: liveSandbox };

afterEach(() => window.localStorage.clear());

/** The app's page for a user whose server preference is `beta`; PATCH /me is recorded. */
function setup(options: { beta: boolean; app?: DeveloperApp; fedramp?: boolean }) {
  signedIn(options.app ?? liveApp);
  const patches: unknown[] = [];
  let user = { ...developer, developer_apps_beta: options.beta };
  server.use(
    http.get('/api/v1/config', () =>
      HttpResponse.json(runtimeConfig({ user, fedramp: options.fedramp ?? false })),
    ),
    http.patch('/api/v1/me', async ({ request }) => {
      const body = (await request.json()) as { developer_apps_beta: boolean };
      patches.push(body);
      user = { ...user, ...body };
      return HttpResponse.json(user);
    }),
  );
  return { patches };
}

test('a user who did not opt in gets the classic page and its banner; dismissing it is remembered', async () => {
  setup({ beta: false });
  const first = renderRoute('/developer_apps/a1');
  expect(await screen.findByText('Manage app')).toBeInTheDocument();
  const banner = await screen.findByRole('alert', { name: 'Try the new app experience' });
  await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
  expect(window.localStorage.getItem(OPT_IN_KEYS.bannerDismissed)).toBe('true');
  first.unmount();
  renderRoute('/developer_apps/a1');
  expect(await screen.findByText('Manage app')).toBeInTheDocument();
  expect(screen.queryByRole('alert', { name: 'Try the new app experience' })).toBeNull();
});

test('opting in saves the preference on the server and in local storage and opens the tabbed page', async () => {
  const { patches } = setup({ beta: false });
  manifestsApi([]);
  renderRoute('/developer_apps/a1');
  await userEvent.click(await screen.findByRole('button', { name: 'Learn more' }));
  const modal = await screen.findByRole('dialog', { name: 'The form-based app experience' });
  await userEvent.click(within(modal).getByRole('button', { name: 'Try it' }));
  expect(await screen.findByText('You are using the new app experience')).toBeInTheDocument();
  expect(patches).toEqual([{ developer_apps_beta: true }]);
  expect(window.localStorage.getItem(OPT_IN_KEYS.beta)).toBe('true');
  expect(await screen.findByRole('navigation', { name: 'App Information' })).toBeInTheDocument();
  expect(await screen.findByText('New Version (Draft)')).toBeInTheDocument();
});

test('the forced flag shows the tabbed page without a preference and hides the toggle', async () => {
  window.localStorage.setItem(OPT_IN_KEYS.forced, 'true');
  setup({ beta: false });
  manifestsApi([]);
  renderRoute('/developer_apps/a1');
  expect(await screen.findByRole('navigation', { name: 'App Information' })).toBeInTheDocument();
  expect(screen.queryByRole('switch', { name: 'New app experience (beta)' })).toBeNull();
});

test('the tab comes from the URL; metrics is hidden without metrics data; a pending sandbox shows the missing page', async () => {
  setup({ beta: true, app: { ...liveApp, sandbox: { ...liveSandbox, status: 'pending' } } });
  manifestsApi([]);
  const { router } = renderRoute('/developer_apps/a1');
  const nav = await screen.findByRole('navigation', { name: 'App Information' });
  expect(within(nav).getByRole('button', { name: 'Configurations' })).toHaveAttribute('aria-current', 'page');
  expect(within(nav).queryByRole('button', { name: 'Metrics' })).toBeNull();
  expect(await screen.findByText('Looks like Procore is really popular right now')).toBeInTheDocument();
  await userEvent.click(within(nav).getByRole('button', { name: 'Marketplace Listing' }));
  expect(router.state.location.search).toBe('?tab=marketplaceListing');
  // Marketplace not enabled for the app: the activation screen, as on the classic page.
  const card = await screen.findByRole('region', { name: 'Marketplace Listing' });
  expect(within(card).getByRole('heading', { name: 'I am a current partner' })).toBeInTheDocument();
  expectLink(within(card), 'Become a partner', 'https://partners.example.com/join');
});

test('the Marketplace Listing tab hosts the developer listing editor; leaving it with unsaved changes asks first', async () => {
  setup({ beta: true, app: { ...liveApp, marketplace_enabled: true } });
  manifestsApi([]);
  server.use(
    http.get('/api/v1/developer_apps/a1/submissions', () =>
      HttpResponse.json({ published_app: null, unpublished_app: completeDraft }),
    ),
  );
  const { router } = renderRoute('/developer_apps/a1?tab=marketplaceListing');
  const card = await screen.findByRole('region', { name: 'Marketplace Listing' });
  expect(await within(card).findByText('6 of 6 sections completed')).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Save Draft' })).toBeInTheDocument();
  // Developer mode: no review panel.
  expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
  const name = within(card).getByRole('textbox', { name: 'Public name' });
  await userEvent.type(name, ' Pro');
  const nav = screen.getByRole('navigation', { name: 'App Information' });
  const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
  try {
    await userEvent.click(within(nav).getByRole('button', { name: 'Settings' }));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes, are you sure you wish to continue?');
    expect(router.state.location.search).toBe('?tab=marketplaceListing');
    expect(name).toHaveValue('Field Sync Pro');
    confirm.mockReturnValue(true);
    await userEvent.click(within(nav).getByRole('button', { name: 'Settings' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=settings'));
    // Back on the listing (saved content again), a tab change no longer asks.
    confirm.mockClear();
    await userEvent.click(within(nav).getByRole('button', { name: 'Marketplace Listing' }));
    expect(await screen.findByText('6 of 6 sections completed')).toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: 'Versions' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=versions'));
    expect(confirm).not.toHaveBeenCalled();
  } finally {
    confirm.mockRestore();
  }
});

test("a schema 3 version opens 'App Not Updated'; migrating creates a 4.1 version from the form", async () => {
  setup({ beta: true });
  const v3 = manifest({
    content: {
      schema_version: '3',
      components: {
        oauth: { instances: [{ grant_type: 'authorization_code' }] },
        iframe: { instances: [{ name: 'Full', type: 'fullscreen', iframe_src: 'https://full.example.com' }] },
      },
      permissions: { company: { directory: 'readonly' } },
    },
  });
  const { calls } = manifestsApi([v3]);
  const created: Call[] = [];
  server.use(
    http.post('/api/v1/app_versioned_manifests', async ({ request }) => {
      created.push({ method: 'POST', path: '', search: new URLSearchParams(), body: await request.json() });
      return HttpResponse.json({ manifest: manifest({ schema_version: '4.1' }) }, { status: 201 });
    }),
  );
  renderRoute('/developer_apps/a1');
  const modal = await screen.findByRole('dialog', { name: 'App Not Updated' });
  await userEvent.click(within(modal).getByRole('button', { name: 'Migrate to 4.1' }));
  await waitFor(() => expect(created).toHaveLength(1));
  expect(created[0]!.body).toEqual({
    developer_app_id: 'a1',
    environment_type: 'Sandbox',
    configured_manifest_content: {
      fullscreen: { source_url: 'https://full.example.com' },
      permissions: { company: { directory: 'readonly' }, project: {} },
      oauth: { enabled: true },
    },
    allow_empty: true,
    semantic_version: null,
  });
  expect(calls.length).toBeGreaterThan(0);
});

test('unticking user level authentication with permissions set asks first and then removes both', async () => {
  setup({ beta: true });
  manifestsApi([
    manifest({
      schema_version: '4.1',
      content: { schema_version: '4.1', permissions: { company: { directory: 'readonly' }, project: {} } },
      auth_code_capable: true,
    }),
  ]);
  renderRoute('/developer_apps/a1');
  await userEvent.click(await screen.findByRole('button', { name: /Data Connector Components/ }));
  expect(await screen.findByTestId('permissions-summary')).toHaveTextContent('Company: directory (readonly)');
  await userEvent.click(await screen.findByRole('checkbox', { name: /User Level Authentication/ }));
  const confirm = await screen.findByRole('dialog', { name: 'Remove User Level Authentication?' });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(screen.getByTestId('permissions-summary')).toHaveTextContent('No permissions'));
  expect(screen.getByRole('checkbox', { name: /User Level Authentication/ })).not.toBeChecked();
});

test('an empty draft cannot be saved; turning User Level Authentication off sends the allow-empty flag', async () => {
  setup({ beta: true });
  manifestsApi([]);
  const created: unknown[] = [];
  server.use(
    http.post('/api/v1/app_versioned_manifests', async ({ request }) => {
      created.push(await request.json());
      return HttpResponse.json({ manifest: manifest({ schema_version: '4.1' }) }, { status: 201 });
    }),
  );
  renderRoute('/developer_apps/a1');
  const save = await screen.findByRole('button', { name: 'Create Version' });
  await userEvent.click(save);
  expect(
    await screen.findByText('At least one of fullscreen or sidepanel must be present'),
  ).toBeInTheDocument();
  expect(screen.queryByRole('dialog', { name: 'Create Version' })).toBeNull();

  await userEvent.click(screen.getByRole('button', { name: /Data Connector Components/ }));
  const auth = await screen.findByRole('checkbox', { name: /User Level Authentication/ });
  await userEvent.click(auth);
  await userEvent.click(auth);
  expect(auth).not.toBeChecked();
  expect(screen.queryByText('At least one of fullscreen or sidepanel must be present')).toBeNull();
  await userEvent.click(save);
  const dialog = await screen.findByRole('dialog', { name: 'Create Version' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
  await waitFor(() => expect(created).toHaveLength(1));
  expect(created[0]).toEqual({
    developer_app_id: 'a1',
    environment_type: 'Sandbox',
    configured_manifest_content: { permissions: { company: {}, project: {} }, oauth: { enabled: false } },
    allow_empty: true,
    semantic_version: null,
  });
});

test('user level authentication is locked once a version has it', async () => {
  setup({ beta: true });
  manifestsApi([
    manifest({
      schema_version: '4.1',
      content: { schema_version: '4.1', permissions: { company: {}, project: {} } },
      auth_code_capable: true,
      auth_code_locked: true,
    }),
  ]);
  renderRoute('/developer_apps/a1');
  await userEvent.click(await screen.findByRole('button', { name: /Data Connector Components/ }));
  const box = await screen.findByRole('checkbox', { name: /User Level Authentication/ });
  expect(box).toBeChecked();
  expect(box).toBeDisabled();
});

test('the toggle opts out and the classic page returns', async () => {
  const { patches } = setup({ beta: true });
  manifestsApi([]);
  renderRoute('/developer_apps/a1');
  await userEvent.click(await screen.findByRole('switch', { name: 'New app experience (beta)' }));
  expect(await screen.findByText('Manage app')).toBeInTheDocument();
  expect(patches).toEqual([{ developer_apps_beta: false }]);
  expect(window.localStorage.getItem(OPT_IN_KEYS.beta)).toBe('false');
  expect(screen.queryByRole('navigation', { name: 'App Information' })).toBeNull();
});

test('the introduction can be dismissed for good (self-service-intro-dismissed)', async () => {
  setup({ beta: true });
  manifestsApi([]);
  renderRoute('/developer_apps/a1');
  const intro = await screen.findByRole('alert', { name: 'Welcome to the Configuration Builder' });
  await userEvent.click(within(intro).getByRole('button', { name: 'Dismiss' }));
  expect(window.localStorage.getItem(OPT_IN_KEYS.introDismissed)).toBe('true');
  await waitFor(() =>
    expect(screen.queryByRole('alert', { name: 'Welcome to the Configuration Builder' })).toBeNull(),
  );
});

test('in FedRAMP the side panel is not offered and the installation keys are hidden', async () => {
  setup({ beta: true, fedramp: true });
  manifestsApi([]);
  renderRoute('/developer_apps/a1');
  await userEvent.click(await screen.findByRole('button', { name: 'Add Component' }));
  const panel = await screen.findByRole('dialog', { name: 'Add Component' });
  expect(within(panel).getByRole('combobox', { name: 'Component type' })).toHaveValue('Full Screen');
  expect(within(panel).queryByRole('group', { name: 'Views' })).toBeNull();
  expect(screen.queryByRole('region', { name: 'Installation Keys' })).toBeNull();
});

test('with every component type present, Add Component is disabled and says why; counts read in the singular', async () => {
  setup({ beta: true });
  manifestsApi([
    manifest({
      schema_version: '4.1',
      content: {
        schema_version: '4.1',
        fullscreen: { source_url: 'https://full.example.com' },
        sidepanel: {
          source_url: 'https://panel.example.com/{{team}}',
          views: ['rfi.detail'],
          user_configuration: {
            schema: {
              type: 'object',
              properties: { team: { name: 'Team', description: 'Yours', type: 'string' } },
            },
            required: [],
          },
        },
      },
    }),
  ]);
  renderRoute('/developer_apps/a1');
  const add = await screen.findByRole('button', { name: 'Add Component' });
  expect(add).toBeDisabled();
  expect(add).toHaveAccessibleDescription(
    'Each component type can be added once, and this version has both: edit or remove one instead.',
  );
  expect(screen.getByTestId('component-sidepanel')).toHaveTextContent('1 view, 1 parameter');
  expect(screen.getByTestId('component-fullscreen')).toHaveTextContent('0 views, 0 parameters');
});

test('a view search with no match says so', async () => {
  setup({ beta: true });
  manifestsApi([]);
  renderRoute('/developer_apps/a1');
  await userEvent.click(await screen.findByRole('button', { name: 'Add Component' }));
  const panel = await screen.findByRole('dialog', { name: 'Add Component' });
  await userEvent.click(within(panel).getByRole('combobox', { name: 'Component type' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Side Panel' }));
  const search = within(panel).getByRole('textbox', { name: 'Views' });
  await userEvent.type(search, 'zzz');
  expect(within(panel).getByRole('status')).toHaveTextContent('No views match “zzz”.');
  await userEvent.clear(search);
  expect(within(panel).getByRole('status')).toHaveTextContent('');
  expect(within(panel).getByRole('checkbox', { name: 'rfi.detail' })).toBeInTheDocument();
});
