import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, test } from 'vitest';
import { expectLink } from '../../../test/links.ts';
import { renderRoute } from '../../../test/render.tsx';
import { configHandler, runtimeConfig, server } from '../../../test/server.ts';
import { invitationPreview } from '../../collaborators/testing.ts';

const preview = { ...invitationPreview, email: 'dana@example.com' };

test('signing up from an invitation fills in the invited address and keeps the way back', async () => {
  let sent: Record<string, unknown> | undefined;
  server.use(
    http.get('/api/v1/invitations/tok-1', () => HttpResponse.json(preview)),
    http.post('/api/v1/auth/sign_up', async ({ request }) => {
      sent = (await request.json()) as Record<string, unknown>;
      return HttpResponse.json({ ok: true }, { status: 201 });
    }),
  );
  renderRoute('/sign_up?next=%2Finvitations%2Ftok-1');
  const email = await screen.findByRole('textbox', { name: 'Email' });
  await expect.poll(() => (email as HTMLInputElement).value).toBe('dana@example.com');
  expect(screen.getByRole('status')).toHaveTextContent('You were invited to collaborate on Bid Board.');
  await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Dana Dev');
  await userEvent.type(screen.getByLabelText(/Password/), 'a good long password');
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
  await screen.findByText(/dana@example.com/);
  expect(sent).toMatchObject({ email: 'dana@example.com', next: '/invitations/tok-1' });
});

test("the header's Sign in and Sign up on an invitation page lead back to it", async () => {
  server.use(http.get('/api/v1/invitations/tok-1', () => HttpResponse.json(preview)));
  renderRoute('/invitations/tok-1');
  const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
  expectLink(nav, 'Sign up', '/sign_up?next=%2Finvitations%2Ftok-1');
  expectLink(nav, 'Sign in', '/login?next=%2Finvitations%2Ftok-1');
  // From the sign-in page the header's Sign up keeps the same way back.
  await userEvent.click(nav.getByRole('link', { name: 'Sign in' }));
  expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  expect(
    within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Sign up' }),
  ).toHaveAttribute('href', '/sign_up?next=%2Finvitations%2Ftok-1');
});

async function signUp() {
  server.use(http.post('/api/v1/auth/sign_up', () => HttpResponse.json({ ok: true }, { status: 201 })));
  renderRoute('/sign_up');
  await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Dana Dev');
  await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'dana@example.com');
  await userEvent.type(screen.getByLabelText(/Password/), 'a good long password');
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
  expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('We sent a confirmation link to dana@example.com.');
}

test('"Check your inbox" on a portal without SMTP says the e-mail is in the admin outbox', async () => {
  server.use(configHandler(runtimeConfig({ mail_delivery: 'outbox' })));
  await signUp();
  expect(screen.getByRole('note')).toHaveTextContent(
    'It has no mail server (SMTP_URL is not set), so its e-mails wait in the admin outbox instead of an inbox.',
  );
  expectLink(screen, 'Open Admin → Outbox', '/admin/outbox');
});

test('"Check your inbox" with SMTP says nothing about an outbox', async () => {
  await signUp();
  expect(screen.queryByRole('note')).not.toBeInTheDocument();
});

test('an empty e-mail is required, not "invalid"', async () => {
  renderRoute('/sign_up');
  await userEvent.click(await screen.findByRole('button', { name: 'Create account' }));
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Email is required');
});
