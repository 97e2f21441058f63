import type { DeveloperApp, OauthApplication } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, test } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import { fieldRefused, server, validationFailed } from '../../test/server.ts';
import { app, liveSandbox, signedIn } from './testing.ts';

const withSandbox: DeveloperApp = { ...app, sandbox: liveSandbox };

/** An approved app whose production client is `o-p1`, as the app's own answer carries it. */
const approved: DeveloperApp = {
  ...withSandbox,
  production_access: 'production_approved',
  uid: 'prod-client',
  credentials: {
    oauth_application_id: 'o-p1',
    client_id: 'prod-client',
    confidential: true,
    secret_masked: null,
    redirect_uri: '',
    grant_type: 'authorization_code',
  },
};

/** `GET /oauth_applications/o-p1`'s answer. */
const productionClient = (overrides: Partial<OauthApplication> = {}): OauthApplication => ({
  id: 'o-p1',
  developer_app_id: 'a1',
  environment: 'production',
  uid: 'prod-client',
  secret_masked: null,
  redirect_uri: '',
  confidential: true,
  grant_type: 'authorization_code',
  allowed_cors_domain: '',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...overrides,
});

const failure = (errors: string[], status = 422) =>
  HttpResponse.json({ message: errors[0] ?? 'Boom', errors, code: 'validation_failed' }, { status });

/** The app's one contact, with the link to its edit page. */
const contactNamed = (name: string) => ({
  id: 'c1',
  name,
  email: 'pat@example.com',
  links: { edit: '/developer_apps/a1/contacts/c1/edit' },
});

/** The banner spec developer-apps §8 asks for: titled "An error occurred", the errors joined, dismissible. */
async function expectBanner(text: string) {
  const banner = await screen.findByRole('alert', { name: 'An error occurred' });
  expect(banner).toHaveTextContent(text);
  await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
  await waitFor(() => expect(screen.queryByRole('alert', { name: 'An error occurred' })).toBeNull());
}

test('sandbox: "Show secret" shows it and becomes "Hide secret", which hides it again', async () => {
  signedIn(withSandbox);
  server.use(
    http.post('/api/v1/oauth_applications/o-s1/reveal_secret', () =>
      HttpResponse.json({ uid: 'sandbox-client', secret: 'the-sandbox-secret', secret_masked: 'x' }),
    ),
  );
  renderRoute('/developer_apps/a1');
  await userEvent.click(await screen.findByRole('button', { name: 'Show secret' }));
  expect(await screen.findByText('the-sandbox-secret')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Hide secret' }));
  expect(screen.queryByText('the-sandbox-secret')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Show secret' })).toBeInTheDocument();
});

test('sandbox: a failing Show secret, Reset secret or Save each show the banner', async () => {
  signedIn(withSandbox);
  server.use(
    http.post('/api/v1/oauth_applications/o-s1/reveal_secret', () =>
      failure(['Reveal refused.', 'Try later.'], 403),
    ),
    http.post('/api/v1/sandboxes/s1/reset_secret', () => failure(['Reset refused.'], 403)),
    http.patch('/api/v1/sandboxes/s1', () =>
      validationFailed({
        message: 'Invalid',
        errors: ['Redirect URIs cannot contain wildcards'],
        fields: { redirect_uri: ['Redirect URIs cannot contain wildcards'] },
      }),
    ),
  );
  renderRoute('/developer_apps/a1');
  await userEvent.click(await screen.findByRole('button', { name: 'Show secret' }));
  await expectBanner('Reveal refused. Try later.');
  // The reset asks for the acknowledgement first (spec developer-apps §5), as production's does.
  await userEvent.click(screen.getByRole('button', { name: 'Reset secret' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reset client secret' });
  const confirm = within(dialog).getByRole('button', { name: 'Reset secret' });
  expect(confirm).toBeDisabled();
  await userEvent.click(within(dialog).getByRole('checkbox', { name: /I understand/ }));
  await userEvent.click(confirm);
  await expectBanner('Reset refused.');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

  const card = screen.getByRole('region', { name: 'Sandbox Account' });
  await userEvent.type(within(card).getByLabelText('Redirect URIs'), 'https://example.com/cb');
  await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
  // At the field, and in the banner.
  expect(await within(card).findAllByText('Redirect URIs cannot contain wildcards')).toHaveLength(2);
  await expectBanner('Redirect URIs cannot contain wildcards');
});

test('settings: a failed save shows the banner with the errors joined', async () => {
  signedIn();
  server.use(
    http.patch('/api/v1/developer_apps/a1', () => failure(['One thing is wrong.', 'Another too.'], 403)),
  );
  renderRoute('/developer_apps/a1');
  await userEvent.type(await screen.findByLabelText('Public name'), 'New name');
  await userEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
  await expectBanner('One thing is wrong. Another too.');
});

test('contacts are listed with an edit link; the edit page saves and returns to the app', async () => {
  const contact = contactNamed('Pat Contact');
  signedIn({ ...app, contacts: [contact] });
  let sent: unknown;
  server.use(
    http.patch('/api/v1/developer_apps/a1/contacts/c1', async ({ request }) => {
      sent = await request.json();
      return HttpResponse.json({ ...contact, name: 'Pat Renamed' });
    }),
  );
  const { router } = renderRoute('/developer_apps/a1');
  expect(await screen.findByText('Pat Contact · pat@example.com')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Edit Pat Contact' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/developer_apps/a1/contacts/c1/edit'));
  const name = await screen.findByLabelText(/Name/);
  expect(name).toHaveValue('Pat Contact');
  expect(screen.getByLabelText(/Email/)).toHaveValue('pat@example.com');
  await userEvent.clear(name);
  await userEvent.type(name, 'Pat Renamed');
  await userEvent.click(screen.getByRole('button', { name: 'Save contact' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/developer_apps/a1'));
  expect(sent).toEqual({ name: 'Pat Renamed', email: 'pat@example.com' });
});

test('a contact edit the server refuses shows the banner and the field error', async () => {
  const contact = contactNamed('Pat');
  signedIn({ ...app, contacts: [contact] });
  server.use(
    http.patch('/api/v1/developer_apps/a1/contacts/c1', () => fieldRefused('email', 'Invalid email address')),
  );
  renderRoute('/developer_apps/a1/contacts/c1/edit');
  const email = await screen.findByLabelText(/Email/);
  await userEvent.clear(email);
  await userEvent.type(email, 'pat@elsewhere.example');
  await userEvent.click(screen.getByRole('button', { name: 'Save contact' }));
  expect(await screen.findAllByText('Invalid email address')).toHaveLength(2);
  await expectBanner('Invalid email address');
});

test('My Apps shows each app with its logo, or its initial when it has none', async () => {
  signedIn();
  const summary = {
    role: 'owner',
    sandbox_status: 'live',
    published: false,
    production_access: 'none',
    created_at: '2026-01-01T00:00:00Z',
  };
  server.use(
    http.get('/api/v1/developer_apps', () =>
      HttpResponse.json([
        { ...summary, id: 'a1', name: 'With Logo', internal_name: 'w', thumbnail_url: '/logo.png' },
        { ...summary, id: 'a2', name: null, internal_name: 'plain app', thumbnail_url: null },
      ]),
    ),
  );
  renderRoute('/developer_apps');
  const row = (await screen.findByRole('link', { name: 'With Logo' })).closest('tr')!;
  expect(row.querySelector('img')).toHaveAttribute('src', '/logo.png');
  const plain = screen.getByRole('link', { name: 'plain app' }).closest('tr')!;
  expect(plain.querySelector('img')).toBeNull();
  expect(within(plain).getByText('P')).toBeInTheDocument();
});

test('the two credential sets are named by environment; production says its state instead of "not available"', async () => {
  const cases: [DeveloperApp, string, string, string, string][] = [
    [
      withSandbox,
      'Not requested',
      'Not issued: request production credentials first',
      'Chosen when you request production credentials',
      'Not issued: request production credentials first',
    ],
    [
      { ...withSandbox, production_access: 'production_pending', requested_confidential: false },
      'Pending approval',
      'Issued once the request is approved',
      'Public',
      'Issued once the request is approved',
    ],
    [
      { ...approved, credentials: { ...approved.credentials!, secret_masked: 'prod••••5678' } },
      'Approved',
      'prod-client',
      'Confidential',
      'prod••••5678',
    ],
  ];
  for (const [data, state, appId, clientType, secret] of cases) {
    signedIn(data);
    server.use(
      http.get('/api/v1/oauth_applications/o-p1', () =>
        HttpResponse.json(productionClient({ uid: 'prod-client', secret_masked: 'prod••••5678' })),
      ),
    );
    const view = renderRoute('/developer_apps/a1');
    const settings = await screen.findByRole('region', { name: 'App Settings' });
    const heading = within(settings).getByRole('heading', { name: 'Production credentials' });
    expect(heading.parentElement).toHaveTextContent(`Production credentials${state}`);
    expect(within(settings).getByRole('textbox', { name: 'App ID' })).toHaveValue(appId);
    expect(within(settings).getByRole('textbox', { name: 'Client type' })).toHaveValue(clientType);
    expect(within(settings).getByRole('textbox', { name: 'Client secret' })).toHaveValue(secret);
    const credentials = screen.getByRole('region', { name: 'Authentication Credentials' });
    expect(within(credentials).getByText(state)).toBeInTheDocument();
    const sandbox = screen.getByRole('region', { name: 'Sandbox Account' });
    expect(within(sandbox).getByRole('heading', { name: 'Sandbox credentials' })).toBeInTheDocument();
    expect(within(sandbox).getByRole('textbox', { name: 'App ID' })).toHaveValue('sandbox-client');
    view.unmount();
  }
});

test('a sandbox being built says what happens, with no promise of a time', async () => {
  signedIn({ ...app, sandbox: { ...liveSandbox, status: 'pending' } });
  renderRoute('/developer_apps/a1');
  const status = await screen.findByText(/Your sandbox is being built in the background/);
  expect(status).toHaveTextContent('the app owner gets an e-mail when it is ready');
  expect(status).not.toHaveTextContent(/minutes/);
});

test('a contact whose e-mail is emptied is told the e-mail is required; a malformed one that it is invalid', async () => {
  signedIn({ ...app, contacts: [contactNamed('Pat')] });
  renderRoute('/developer_apps/a1/contacts/c1/edit');
  const email = await screen.findByLabelText(/Email/);
  await userEvent.clear(email);
  await userEvent.click(screen.getByRole('button', { name: 'Save contact' }));
  expect(email).toHaveAccessibleDescription('Email is required');
  await userEvent.type(email, 'pat@');
  await userEvent.click(screen.getByRole('button', { name: 'Save contact' }));
  expect(email).toHaveAccessibleDescription('Enter a valid email address');
});

test('settings: the logo is uploaded (multipart) and removed with PATCH, as spec developer-apps §7 names the call', async () => {
  signedIn(app);
  const patches: Array<{ type: string | null; body: string }> = [];
  let logo: string | null = null;
  server.use(
    http.get('/api/v1/developer_apps/a1', () => HttpResponse.json({ ...app, thumbnail_url: logo })),
    http.patch('/api/v1/developer_apps/a1', async ({ request }) => {
      const type = request.headers.get('content-type');
      patches.push({ type, body: await request.text() });
      logo = type?.startsWith('multipart/form-data') ? '/api/v1/developer_apps/a1/thumbnail?v=1' : null;
      return HttpResponse.json({ ...app, thumbnail_url: logo, thumbnail_notice: null });
    }),
  );
  const { container } = renderRoute('/developer_apps/a1');
  await screen.findByRole('region', { name: 'App Settings' });
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  const user = userEvent.setup();
  await user.upload(input, new File([new Uint8Array(10)], 'logo.png', { type: 'image/png' }));
  expect(await screen.findByText('Uploaded Logo!')).toBeInTheDocument();
  expect(patches[0]?.body).toContain('name="developer_app[thumbnail]"; filename="logo.png"');
  await user.click(await screen.findByRole('button', { name: 'Remove logo' }));
  expect(await screen.findByText('Removed Logo!')).toBeInTheDocument();
  expect(JSON.parse(patches[1]!.body)).toEqual({ developer_app: { remove_thumbnail: true } });
  await waitFor(() => expect(screen.queryByRole('img', { name: 'App avatar' })).toBeNull());
});

test('the credentials card shows the production client as GET /oauth_applications/{id} reads it; a failed read says so', async () => {
  signedIn(approved);
  // The client's own answer is newer than the app's copy: its secret has been shown since.
  server.use(
    http.get('/api/v1/oauth_applications/o-p1', () =>
      HttpResponse.json(productionClient({ secret_masked: 'prod••••9999' })),
    ),
  );
  const view = renderRoute('/developer_apps/a1');
  const card = await screen.findByRole('region', { name: 'Authentication Credentials' });
  await waitFor(() =>
    expect(within(card).getByRole('textbox', { name: 'Client secret' })).toHaveValue('prod••••9999'),
  );
  expect(within(card).getByRole('button', { name: 'Reset client secret' })).toBeInTheDocument();
  view.unmount();

  signedIn(approved);
  server.use(
    http.get('/api/v1/oauth_applications/o-p1', () =>
      HttpResponse.json({ message: 'Boom', code: 'internal' }, { status: 503 }),
    ),
  );
  renderRoute('/developer_apps/a1');
  const failed = await screen.findByRole('region', { name: 'Authentication Credentials' });
  const banner = await within(failed).findByRole('alert', { name: 'An error occurred' });
  expect(banner).toHaveTextContent('Boom');
  expect(banner).toHaveTextContent('Please reload this page');
  // The app's own copy stays on show.
  expect(within(failed).getByRole('textbox', { name: 'Client ID' })).toHaveValue('prod-client');
});
