import type { DeveloperApp } from '@portal/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, test } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { app, signedIn } from '../apps/testing.ts';

const card = async () => screen.findByRole('region', { name: 'Marketplace Listing' });

test('a new app asks for marketplace access; the tab then says the request is pending and what comes next', async () => {
  let current: DeveloperApp = app;
  const requests: string[] = [];
  signedIn(app);
  server.use(
    http.get('/api/v1/developer_apps/a1', () => HttpResponse.json(current)),
    http.post('/api/v1/developer_apps/a1/marketplace_access', () => {
      requests.push('a1');
      current = { ...app, marketplace_access_requested_at: '2026-03-07T10:00:00.000Z' };
      return HttpResponse.json({ ok: true });
    }),
  );
  renderRoute('/developer_apps/a1');
  const region = await card();
  expect(within(region).getByRole('heading', { name: 'Request marketplace access' })).toBeInTheDocument();
  // The partner forms stay beside it (spec developer-apps §2).
  expect(within(region).getByRole('link', { name: 'Become a partner' })).toBeInTheDocument();
  await userEvent.click(within(region).getByRole('button', { name: 'Request marketplace access' }));
  const pending = await within(region).findByRole('status');
  expect(pending).toHaveTextContent('Marketplace access requested');
  expect(pending).toHaveTextContent(
    'Requested on 2026-03-07. Platform staff review the request; you get an e-mail when the listing is enabled, and this tab then opens the listing editor.',
  );
  expect(
    within(region).queryByRole('button', { name: 'Request marketplace access' }),
  ).not.toBeInTheDocument();
  expect(requests).toEqual(['a1']);
});

test('a refused request shows its message at the button', async () => {
  signedIn(app);
  server.use(
    http.post('/api/v1/developer_apps/a1/marketplace_access', () =>
      HttpResponse.json(
        {
          message: 'Marketplace access has already been requested for this app',
          errors: ['Marketplace access has already been requested for this app'],
          code: 'conflict',
          request_id: 'r1',
        },
        { status: 409 },
      ),
    ),
  );
  renderRoute('/developer_apps/a1');
  const region = await card();
  await userEvent.click(within(region).getByRole('button', { name: 'Request marketplace access' }));
  expect(await within(region).findByRole('alert')).toHaveTextContent(
    'Marketplace access has already been requested for this app',
  );
});

test('a developer-role collaborator is told who can ask', async () => {
  signedIn({ ...app, role: 'developer' });
  renderRoute('/developer_apps/a1');
  const region = await card();
  expect(
    within(region).getByText("The app's owner or an app admin can request marketplace access."),
  ).toBeInTheDocument();
  expect(
    within(region).queryByRole('button', { name: 'Request marketplace access' }),
  ).not.toBeInTheDocument();
});

test('a published app shows its live listing name in the settings card', async () => {
  signedIn({ ...app, published_at: '2026-03-01T00:00:00.000Z', listing_name: 'Field Sync for Procore' });
  renderRoute('/developer_apps/a1');
  expect(await screen.findByLabelText('App listing name')).toHaveValue('Field Sync for Procore');
  expect(
    screen.getByText('This is a published integration so some fields have been disabled.'),
  ).toBeInTheDocument();
});
