import type { DeveloperApp } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, test, vi } from 'vitest';
import { expectLink } from '../../test/links.ts';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { app, ownerFlags, signedIn } from './testing.ts';

test('the index lists my apps and creating one goes to its page', async () => {
  signedIn();
  server.use(
    http.get('/api/v1/developer_apps', () =>
      HttpResponse.json([
        {
          id: 'a0',
          name: 'Old App',
          internal_name: 'old',
          role: 'developer',
          sandbox_status: 'live',
          published: true,
          production_access: 'none',
          created_at: '2026-01-01T00:00:00Z',
        },
      ]),
    ),
    http.post('/api/v1/developer_apps', () =>
      HttpResponse.json({ ...app, sandbox: { id: 's1', status: 'pending' } }, { status: 201 }),
    ),
    http.post('/api/v1/analytics', () => HttpResponse.json({ ok: true })),
  );
  const { router } = renderRoute('/developer_apps');
  const row = (await screen.findByRole('link', { name: 'Old App' })).closest('tr')!;
  expect(within(row).getByText('Developer')).toBeInTheDocument();
  expect(within(row).getByText('Live')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Create a New App' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create a New App' });
  expectLink(within(dialog), 'Terms and Conditions', '/terms_and_conditions');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
  expect(await within(dialog).findByText('Internal name is required')).toBeInTheDocument();
  await userEvent.type(within(dialog).getByLabelText(/App name/), 'Field Sync');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/developer_apps/a1'));
});

test('a failed create shows "Something Went Wrong" and re-enables the form', async () => {
  signedIn();
  server.use(
    http.get('/api/v1/developer_apps', () => HttpResponse.json([])),
    http.post('/api/v1/developer_apps', () =>
      HttpResponse.json({ message: 'Boom', errors: ['Boom'], code: 'internal' }, { status: 500 }),
    ),
  );
  renderRoute('/developer_apps');
  await userEvent.click(await screen.findByRole('button', { name: 'Create a New App' }));
  await userEvent.type(await screen.findByLabelText(/App name/), 'X');
  await userEvent.click(screen.getByRole('button', { name: 'Create' }));
  const failure = await screen.findByRole('dialog', { name: 'Something Went Wrong' });
  expect(within(failure).getByRole('alert')).toHaveTextContent('Boom');
  // The header's × is named Close too; the footer's button comes after it.
  const closeButtons = within(failure).getAllByRole('button', { name: 'Close' });
  expect(closeButtons).toHaveLength(2);
  await userEvent.click(closeButtons[1]!);
  expect(await screen.findByLabelText(/App name/)).toBeEnabled();
});

test('settings: a bad redirect URI is shown at the field and Save waits for a change', async () => {
  signedIn();
  let saved: unknown;
  server.use(
    http.patch('/api/v1/developer_apps/a1', async ({ request }) => {
      saved = await request.json();
      return HttpResponse.json({ ...app, redirect_uri: 'https://example.com/cb', thumbnail_notice: null });
    }),
  );
  renderRoute('/developer_apps/a1');
  expect(await screen.findByRole('link', { name: 'Apps' })).toHaveAttribute('href', '/developer_apps');
  expect(screen.getByText('Manage app')).toBeInTheDocument();
  const save = screen.getByRole('button', { name: 'Save' });
  expect(save).toBeDisabled();
  const field = screen.getByLabelText('Redirect URIs');
  await userEvent.type(field, 'http://example.com/cb');
  await userEvent.click(save);
  expect(
    await screen.findByText('Redirect URIs must use HTTPS (http://localhost is the only exception)'),
  ).toBeInTheDocument();
  await userEvent.clear(field);
  await userEvent.type(field, 'https://example.com/cb');
  await userEvent.click(save);
  await waitFor(() => expect(saved).toEqual({ developer_app: { redirect_uri: 'https://example.com/cb' } }));
});

test('a published app disables its listed fields with the spec message', async () => {
  signedIn(
    { ...app, published_at: '2026-02-01T00:00:00Z' },
    {
      ...ownerFlags,
      appFieldPermissions: { ...ownerFlags.appFieldPermissions, name: false, internal_name: false },
    },
  );
  renderRoute('/developer_apps/a1');
  expect(
    await screen.findByText('This is a published integration so some fields have been disabled.'),
  ).toBeInTheDocument();
  expect(screen.getByLabelText('Public name')).toBeDisabled();
  expect(screen.getByLabelText('Redirect URIs')).toBeEnabled();
});

test('a developer sees no delete card and a disabled Save', async () => {
  signedIn(
    { ...app, role: 'developer' },
    {
      ...ownerFlags,
      canEdit: false,
      canDestroy: false,
      canModifyCredentials: false,
      canGenerateSandbox: false,
      appFieldPermissions: Object.fromEntries(
        Object.keys(ownerFlags.appFieldPermissions).map((k) => [k, false]),
      ),
    },
  );
  renderRoute('/developer_apps/a1');
  expect(await screen.findByText('This app has no sandbox')).toBeInTheDocument();
  expect(screen.getByText('Please ask the app owner to generate a sandbox')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete app' })).not.toBeInTheDocument();
  expect(screen.getByLabelText('Redirect URIs')).toBeDisabled();
});

test('pending production access shows the approval banner', async () => {
  signedIn({ ...app, production_access: 'production_pending' });
  renderRoute('/developer_apps/a1');
  expect(
    await screen.findByText(/Your request for production credentials is awaiting approval/),
  ).toBeInTheDocument();
});

test('a failed delete closes the modal and shows a banner titled "Error"', async () => {
  signedIn();
  server.use(
    http.delete('/api/v1/developer_apps/a1', () =>
      HttpResponse.json({ message: 'Nope', errors: ['Nope'], code: 'forbidden' }, { status: 403 }),
    ),
  );
  renderRoute('/developer_apps/a1');
  await userEvent.click(await screen.findByRole('button', { name: 'Delete app' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete app' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const banner = (await screen.findByText('Nope')).closest('[role="alert"]');
  expect(within(banner as HTMLElement).getByText('Error')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Delete App' })).toBeInTheDocument();
});

test('approved credentials: the first click shows the secret once, a reset needs the acknowledgement', async () => {
  const approved: DeveloperApp = {
    ...app,
    uid: 'client-1',
    production_access: 'production_approved',
    credentials: {
      oauth_application_id: 'o1',
      client_id: 'client-1',
      confidential: true,
      grant_type: 'authorization_code',
      redirect_uri: '',
      secret_masked: null,
    },
  };
  signedIn(approved);
  const bodies: unknown[] = [];
  // Once a secret was issued, the app reads back with only the masked form.
  server.use(
    http.get('/api/v1/developer_apps/a1', () =>
      HttpResponse.json(
        bodies.length
          ? { ...approved, credentials: { ...approved.credentials!, secret_masked: 'secr••••••••er-1' } }
          : approved,
      ),
    ),
    http.post('/api/v1/oauth_applications/o1/reset_secret', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({
        uid: 'client-1',
        secret: `secret-number-${bodies.length}`,
        secret_masked: 'x',
      });
    }),
  );
  renderRoute('/developer_apps/a1');
  await userEvent.click(await screen.findByRole('button', { name: 'Show credentials' }));
  expect(await screen.findByText('secret-number-1')).toBeInTheDocument();
  expect(screen.getByText('Copy it now: it is shown only this once.')).toBeInTheDocument();
  expect(bodies).toEqual([{ acknowledged: false }]);

  const reset = await screen.findByRole('button', { name: 'Reset client secret' });
  await userEvent.click(reset);
  const dialog = await screen.findByRole('dialog', { name: 'Reset client secret' });
  const confirm = within(dialog).getByRole('button', { name: 'Reset secret' });
  expect(confirm).toBeDisabled();
  await userEvent.click(within(dialog).getByRole('checkbox', { name: /I understand/ }));
  await userEvent.click(confirm);
  expect(await screen.findByText('secret-number-2')).toBeInTheDocument();
  expect(bodies[1]).toEqual({ acknowledged: true });
});

test('without a sandbox yet, creating an app still goes to its page 10 s after the click', async () => {
  // Fake clocks that still move with real time, so MSW and Testing Library keep working; the test
  // jumps them to just before and just after the deadline.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  try {
    signedIn();
    let created: number | null = null;
    server.use(
      http.get('/api/v1/developer_apps', () => HttpResponse.json([])),
      http.post('/api/v1/developer_apps', () => {
        created = Date.now();
        return HttpResponse.json({ ...app, sandbox: null }, { status: 201 });
      }),
      http.get('/api/v1/developer_apps/a1', () => HttpResponse.json({ ...app, sandbox: null })),
      http.post('/api/v1/analytics', () => HttpResponse.json({ ok: true })),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderRoute('/developer_apps');
    await user.click(await screen.findByRole('button', { name: 'Create a New App' }));
    await user.type(await screen.findByLabelText(/App name/), 'Slow Sandbox');
    const clicked = Date.now();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(created).not.toBeNull());

    await vi.advanceTimersByTimeAsync(clicked + 9_500 - Date.now());
    expect(router.state.location.pathname).toBe('/developer_apps');
    // The deadline counts from the click, which came between `clicked` and the request.
    await vi.advanceTimersByTimeAsync(created! + 10_050 - Date.now());
    await waitFor(() => expect(router.state.location.pathname).toBe('/developer_apps/a1'), { timeout: 300 });
  } finally {
    vi.useRealTimers();
  }
});
