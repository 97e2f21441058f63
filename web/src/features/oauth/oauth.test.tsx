import type { OauthConsent } from '@portal/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, expect, test, vi } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import { configHandler, developer, runtimeConfig, server } from '../../test/server.ts';

const consent: OauthConsent = {
  uid: 'u1',
  environment: 'sandbox',
  app_name: 'Field Sync',
  client_id: 'c1',
  redirect_uri: 'https://app.example.com/callback',
  permissions: [{ scope: 'company', tool: 'directory', level: 'readonly' }],
};

afterEach(() => vi.unstubAllGlobals());

test('consent signed out: sign in first, then back to the same request', async () => {
  const { router } = renderRoute('/oauth-consent/sandbox/u1');
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(router.state.location.search).toBe('?next=%2Foauth-consent%2Fsandbox%2Fu1');
});

test('consent names the app and its permissions; allowing goes back to the authorization server', async () => {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  const decisions: unknown[] = [];
  server.use(
    configHandler(runtimeConfig({ user: developer })),
    http.get('/api/v1/oauth/interactions/sandbox/u1', () => HttpResponse.json(consent)),
    http.post('/api/v1/oauth/interactions/sandbox/u1', async ({ request }) => {
      decisions.push(await request.json());
      return HttpResponse.json({ redirect_to: 'http://localhost/oauth/authorize/u1' });
    }),
  );
  renderRoute('/oauth-consent/sandbox/u1');
  expect(
    await screen.findByRole('heading', { name: 'Allow Field Sync to use your account?' }),
  ).toBeInTheDocument();
  expect(screen.getByText('directory: readonly (company)')).toBeInTheDocument();
  expect(screen.getByText('https://app.example.com/callback')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Allow' }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/oauth/authorize/u1'));
  expect(decisions).toEqual([{ decision: 'allow' }]);
});

test('an expired or answered request explains itself', async () => {
  server.use(
    configHandler(runtimeConfig({ user: developer })),
    http.get('/api/v1/oauth/interactions/sandbox/gone', () =>
      HttpResponse.json(
        { message: 'Authorization request not found', errors: [], code: 'not_found' },
        { status: 404 },
      ),
    ),
  );
  renderRoute('/oauth-consent/sandbox/gone');
  expect(await screen.findByRole('alert')).toHaveTextContent('It has expired, was already answered');
});

test('the code page shows the redirectless code', async () => {
  renderRoute('/oauth-code?code=abc123&state=s');
  expect(await screen.findByRole('heading', { name: 'Authorization code' })).toBeInTheDocument();
  expect(screen.getByText('abc123')).toBeInTheDocument();
});
