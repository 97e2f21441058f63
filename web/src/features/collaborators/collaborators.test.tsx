import type { Collaborator, Invitation } from '@portal/contracts';
import type { AppRole } from '@portal/contracts/app-roles';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { expect, test } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/providers.tsx';
import { expectLink } from '../../test/links.ts';
import { renderRoute } from '../../test/render.tsx';
import { configHandler, developer, runtimeConfig, server } from '../../test/server.ts';
import { CollaboratorsPanel } from './components/collaborators-panel.tsx';
import { invitationPreview } from './testing.ts';

const person = (id: string, role: AppRole, name: string | null, email: string | null): Collaborator => ({
  id,
  user_id: `u-${id}`,
  role,
  name,
  email,
  developer: { name, email },
});

// The signed-in developer is u-dev.
const me = { ...person('m-me', 'owner', 'Dana Developer', 'developer@example.com'), user_id: 'u-dev' };
const admin = person('m-admin', 'admin', 'Avery Admin', 'avery@example.com');
const dev = person('m-dev', 'developer', null, 'nameless@example.com');
const pending: Invitation = {
  id: 'i1',
  email: 'invited@example.com',
  role: 'developer',
  status: 'pending',
  expired: false,
  expires_at: '2026-02-01T00:00:00Z',
  invited_by: { name: 'Dana Developer' },
  created_at: '2026-01-25T00:00:00Z',
};

function renderPanel(role: AppRole, members: Collaborator[], invitations: Invitation[] = [pending]) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  const record = async ({ request }: { request: Request }) => {
    const text = await request.text();
    calls.push({
      method: request.method,
      url: new URL(request.url).pathname + new URL(request.url).search,
      body: text ? JSON.parse(text) : null,
    });
  };
  server.use(
    configHandler(runtimeConfig({ user: developer })),
    http.get('/api/v1/collaborators', () => HttpResponse.json(members)),
    http.get('/api/v1/invitations', () => HttpResponse.json(invitations)),
    http.post('/api/v1/invitations', async (info) => {
      await record(info);
      return HttpResponse.json(
        { ...pending, id: 'i2', email: 'new@example.com', role: 'admin' },
        { status: 201 },
      );
    }),
    http.patch('/api/v1/invitations/:id', async (info) => {
      await record(info);
      return HttpResponse.json({ ...pending, status: 'canceled' });
    }),
    http.patch('/api/v1/collaborators', async (info) => {
      await record(info);
      return HttpResponse.json(members);
    }),
    http.delete('/api/v1/collaborators/:id', async (info) => {
      await record(info);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/v1/collaborators/:id/transfer_ownership', async (info) => {
      await record(info);
      return HttpResponse.json(members);
    }),
    http.post('/api/v1/analytics', async (info) => {
      await record(info);
      return HttpResponse.json({ ok: true });
    }),
  );
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  render(
    <AppProviders client={client}>
      <Suspense fallback={null}>
        <MemoryRouter>
          <CollaboratorsPanel appId="a1" role={role} />
        </MemoryRouter>
      </Suspense>
    </AppProviders>,
  );
  return calls;
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')! as HTMLElement;

test('the table shows name, e-mail, role, "not available" and pending invitations', async () => {
  renderPanel('owner', [me, admin, dev]);
  const nameless = await rowOf('nameless@example.com');
  expect(within(nameless).getByText('not available')).toBeInTheDocument();
  expect(
    within(nameless).getByRole('checkbox', { name: 'Developer role for nameless@example.com' }),
  ).toBeChecked();
  const invited = (await screen.findAllByText('invited@example.com'))[0]!.closest('tr')! as HTMLElement;
  expect(within(invited).getByText('Pending invitation')).toBeInTheDocument();
  // Named by the e-mail the invitation went to (no name yet), not "not available".
  expect(within(invited).getAllByRole('cell')[0]).toHaveTextContent('invited@example.com');
  expect(within(invited).queryByText('not available')).toBeNull();
  // Pending rows and the owner are fixed; my own row too.
  for (const box of within(invited).getAllByRole('checkbox')) expect(box).toBeDisabled();
  const mine = await rowOf('developer@example.com');
  expect(within(mine).getByRole('checkbox', { name: 'Owner role for Dana Developer' })).toBeChecked();
  for (const box of within(mine).getAllByRole('checkbox')) expect(box).toBeDisabled();
  const adminRow = await rowOf('avery@example.com');
  expect(within(adminRow).getByRole('checkbox', { name: 'Owner role for Avery Admin' })).toBeDisabled();
  expect(within(adminRow).getByRole('checkbox', { name: 'Developer role for Avery Admin' })).toBeEnabled();
});

test('the owner changes a role with the checkboxes', async () => {
  const calls = renderPanel('owner', [me, admin, dev]);
  const row = await rowOf('avery@example.com');
  await userEvent.click(within(row).getByRole('checkbox', { name: 'Developer role for Avery Admin' }));
  await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')).toBeTruthy());
  expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
    developer_app_id: 'a1',
    collaborators: [{ id: 'm-admin', role: 'developer' }],
  });
});

test('row menus: cancel invite on pending, remove not on self or owner, transfer only for the owner', async () => {
  const calls = renderPanel('owner', [me, admin, dev]);
  expect((await screen.findAllByText('invited@example.com')).length).toBeGreaterThan(0);
  expect(screen.queryByRole('button', { name: 'Actions for Dana Developer' })).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Actions for invited@example.com' }));
  expect(
    screen.queryByRole('menuitem', { name: 'Remove collaborator', hidden: true }),
  ).not.toBeInTheDocument();
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Cancel invite', hidden: true }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel invite' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel invite' }));
  expect(await screen.findByText('The invitation to invited@example.com was canceled.')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'PATCH')).toEqual({
    method: 'PATCH',
    url: '/api/v1/invitations/i1',
    body: { developer_app_id: 'a1', invitation: { status: 'canceled' } },
  });
});

test('the owner transfers ownership from the row menu of another collaborator', async () => {
  const calls = renderPanel('owner', [me, admin, dev]);
  expect((await screen.findAllByText('invited@example.com')).length).toBeGreaterThan(0);
  await userEvent.click(screen.getByRole('button', { name: 'Actions for Avery Admin' }));
  expect(
    await screen.findByRole('menuitem', { name: 'Remove collaborator', hidden: true }),
  ).toBeInTheDocument();
  expect(screen.queryByRole('menuitem', { name: 'Cancel invite', hidden: true })).not.toBeInTheDocument();
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Transfer ownership', hidden: true }));
  const transfer = await screen.findByRole('dialog', { name: 'Transfer ownership' });
  await userEvent.click(within(transfer).getByRole('button', { name: 'Transfer ownership' }));
  await waitFor(() =>
    expect(
      calls.some((c) => c.url === '/api/v1/collaborators/m-admin/transfer_ownership?developer_app_id=a1'),
    ).toBe(true),
  );
});

test('an admin may remove others but not transfer; the owner row has no remove', async () => {
  const owner = person('m-owner', 'owner', 'Olivia Owner', 'olivia@example.com');
  renderPanel('admin', [owner, { ...admin, user_id: 'u-dev' }, dev]);
  expect(await screen.findByText('olivia@example.com')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Actions for Olivia Owner' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Actions for nameless@example.com' }));
  expect(
    await screen.findByRole('menuitem', { name: 'Remove collaborator', hidden: true }),
  ).toBeInTheDocument();
  expect(
    screen.queryByRole('menuitem', { name: 'Transfer ownership', hidden: true }),
  ).not.toBeInTheDocument();
});

test('a developer sees a read-only table', async () => {
  renderPanel('developer', [
    person('m-owner', 'owner', 'Olivia Owner', 'olivia@example.com'),
    { ...dev, user_id: 'u-dev' },
  ]);
  expect(await screen.findByText('olivia@example.com')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add collaborator' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled();
});

test('Add collaborator: e-mail and role radio, server errors at the field, analytics on success', async () => {
  const calls = renderPanel('owner', [me]);
  await userEvent.click(await screen.findByRole('button', { name: 'Add collaborator' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add collaborator' });
  expect(within(dialog).getByRole('radio', { name: 'Developer' })).toBeChecked();
  expect(within(dialog).queryByRole('radio', { name: 'Owner' })).not.toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
  expect(await within(dialog).findByText('Email is required')).toBeInTheDocument();

  server.use(
    http.post(
      '/api/v1/invitations',
      () =>
        HttpResponse.json(
          {
            message: 'An invitation for this email address is already pending',
            errors: ['An invitation for this email address is already pending'],
            code: 'conflict',
            fields: { email: ['An invitation for this email address is already pending'] },
          },
          { status: 409 },
        ),
      { once: true },
    ),
  );
  await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'new@example.com');
  await userEvent.click(within(dialog).getByRole('radio', { name: 'Admin' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
  expect(
    await within(dialog).findByText('An invitation for this email address is already pending'),
  ).toBeInTheDocument();
  expect(within(dialog).getByRole('textbox', { name: /Email/ })).toHaveAttribute('aria-invalid', 'true');

  await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
  expect(await screen.findByText('Invitation sent to new@example.com.')).toBeInTheDocument();
  expect(calls.find((c) => c.url === '/api/v1/invitations')!.body).toEqual({
    developer_app_id: 'a1',
    email: 'new@example.com',
    role: 'admin',
  });
  await waitFor(() =>
    expect(calls.find((c) => c.url === '/api/v1/analytics')?.body).toEqual({
      key: 'developers.my_apps.collaborators.invited',
      additional_properties: { developer_app_id: 'a1', role: 'admin' },
    }),
  );
});

test('the permission details modal lists the 9 permissions per role', async () => {
  renderPanel('developer', [me]);
  await userEvent.click(await screen.findByRole('button', { name: 'Permission details' }));
  const dialog = await screen.findByRole('dialog', { name: 'Permission details' });
  const rows = within(dialog).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(9);
  expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('View Production Client ID');
  const last = rows[8]!;
  expect(within(last).getByRole('rowheader')).toHaveTextContent('Delete App');
  expect(
    within(last)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['✓Allowed', '✗Not allowed', '✗Not allowed']);
});

const preview = invitationPreview;

test('accept page signed out: who invited me, and sign-in / sign-up links that come back', async () => {
  server.use(http.get('/api/v1/invitations/tok', () => HttpResponse.json(preview)));
  renderRoute('/invitations/tok');
  expect(await screen.findByRole('heading', { name: 'Join Bid Board' })).toBeInTheDocument();
  expect(
    screen.getByText('Olivia Owner invited you to collaborate on Bid Board as Developer.'),
  ).toBeInTheDocument();
  const page = screen.getByRole('region', { name: 'Join Bid Board' });
  expectLink(within(page), 'Sign in', '/login?next=%2Finvitations%2Ftok');
  expectLink(within(page), 'Create an account', '/sign_up?next=%2Finvitations%2Ftok');
});

test('accept page signed in: accepting opens the app; a different account sees the refusal', async () => {
  server.use(
    configHandler(runtimeConfig({ user: developer })),
    http.get('/api/v1/invitations/tok', () => HttpResponse.json(preview)),
    http.post(
      '/api/v1/invitations/tok/accept',
      () =>
        HttpResponse.json(
          {
            message:
              'This invitation was sent to a different email address. Sign in with that address to accept it.',
            errors: [],
            code: 'forbidden',
          },
          { status: 403 },
        ),
      { once: true },
    ),
    http.post('/api/v1/invitations/tok/accept', () =>
      HttpResponse.json({ developer_app_id: 'a9', role: 'developer' }),
    ),
    // The app page it lands on (its content is the apps feature's business).
    http.get('/api/v1/developer_apps/a9', () =>
      HttpResponse.json({ message: 'not found', errors: [], code: 'not_found' }, { status: 404 }),
    ),
    http.get('/api/v1/developer_app_permissions', () =>
      HttpResponse.json({ message: 'not found', errors: [], code: 'not_found' }, { status: 404 }),
    ),
  );
  const { router } = renderRoute('/invitations/tok');
  await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'This invitation was sent to a different email address. Sign in with that address to accept it.',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/developer_apps/a9'));
  // Let the app page finish its requests inside the test.
  expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
});

test('accept page: used, canceled, expired and unknown links explain themselves', async () => {
  server.use(http.get('/api/v1/invitations/old', () => HttpResponse.json({ ...preview, state: 'expired' })));
  renderRoute('/invitations/old');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    "This invitation has expired. Ask the app's owner or an admin to invite you again.",
  );
});

test('accept page: an unknown link', async () => {
  server.use(
    http.get('/api/v1/invitations/nope', () =>
      HttpResponse.json({ message: 'Invitation not found', errors: [], code: 'not_found' }, { status: 404 }),
    ),
  );
  renderRoute('/invitations/nope');
  expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link is not valid.');
});
