import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, test } from 'vitest';
import { expectLink } from '../../../test/links.ts';
import { renderRoute } from '../../../test/render.tsx';
import { configHandler, runtimeConfig, server, validationFailed } from '../../../test/server.ts';
import { safeNext } from './sign-in-page.tsx';

test('a wrong password shows the server error', async () => {
  server.use(
    http.post('/api/v1/auth/sign_in', () =>
      HttpResponse.json(
        {
          message: 'Invalid email or password',
          errors: ['Invalid email or password'],
          code: 'invalid_credentials',
        },
        { status: 401 },
      ),
    ),
  );
  renderRoute('/login');
  await userEvent.type(await screen.findByLabelText(/Email/), 'dev@example.com');
  await userEvent.type(screen.getByLabelText(/Password/), 'wrong password');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
});

const LOCKED_OUT = 'Too many sign-in attempts. Try again later, or sign in with a link we e-mail you.';

test('the lock-out message offers a sign-in link by e-mail, sent to the address typed', async () => {
  let asked: unknown;
  server.use(
    http.post('/api/v1/auth/sign_in', () =>
      HttpResponse.json(
        { message: LOCKED_OUT, errors: [LOCKED_OUT], code: 'rate_limited' },
        { status: 429, headers: { 'retry-after': '60' } },
      ),
    ),
    http.post('/api/v1/auth/sign_in_link', async ({ request }) => {
      asked = await request.json();
      return HttpResponse.json({ ok: true });
    }),
  );
  renderRoute('/login?next=%2Fdeveloper_apps%2F7');
  await userEvent.type(await screen.findByLabelText(/Email/), 'owner@example.com');
  await userEvent.type(screen.getByLabelText(/Password/), 'the right password');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(LOCKED_OUT);
  await userEvent.click(within(alert).getByRole('button', { name: 'E-mail me a sign-in link' }));
  expect(await screen.findByRole('status')).toHaveTextContent(
    'If owner@example.com has an account, we have e-mailed it a sign-in link. It works once, within 15 minutes.',
  );
  expect(asked).toEqual({ email: 'owner@example.com', next: '/developer_apps/7' });
});

test('an e-mailed link signs in with a click, then goes where sign-in was going', async () => {
  let used: unknown;
  server.use(
    http.post('/api/v1/auth/sign_in_with_link', async ({ request }) => {
      used = await request.json();
      return HttpResponse.json({ ok: true });
    }),
  );
  const { router } = renderRoute('/sign_in_link?token=tok-9&next=%2Fmarketplace');
  expect(await screen.findByText('This link signs you in once, without your password.')).toBeVisible();
  // Opening the link alone (a mail scanner does) uses nothing up.
  expect(used).toBeUndefined();
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await expect.poll(() => router.state.location.pathname).toBe('/marketplace');
  expect(used).toEqual({ token: 'tok-9' });
});

test('a used or expired link says so and leads back to sign-in', async () => {
  const failed = 'This sign-in link is invalid, used or expired. Ask for a new one.';
  server.use(
    http.post('/api/v1/auth/sign_in_with_link', () =>
      validationFailed({ message: failed, errors: [`token: ${failed}`], fields: { token: [failed] } }),
    ),
  );
  renderRoute('/sign_in_link?token=old');
  await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(failed);
  expectLink(screen, 'Back to sign in', '/login');
});

test('only same-site paths are followed after sign-in', () => {
  expect(safeNext('/developer_apps/3')).toBe('/developer_apps/3');
  expect(safeNext('//evil.example.com')).toBe('/developer_apps');
  expect(safeNext('https://evil.example.com')).toBe('/developer_apps');
  expect(safeNext(null)).toBe('/developer_apps');
});

const notConfirmed = () =>
  http.post('/api/v1/auth/sign_in', () =>
    HttpResponse.json(
      {
        message: 'Confirm your e-mail address first: follow the link in the confirmation e-mail we sent you.',
        errors: ['Confirm your e-mail address first'],
        code: 'email_not_confirmed',
      },
      { status: 403 },
    ),
  );

async function signInUnconfirmed() {
  renderRoute('/login');
  await userEvent.type(await screen.findByLabelText(/Email/), 'new@example.com');
  await userEvent.type(screen.getByLabelText(/Password/), 'a good long password');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Confirm your e-mail address first');
}

test('an unconfirmed address on a portal without SMTP is told the confirmation waits in the outbox', async () => {
  server.use(configHandler(runtimeConfig({ mail_delivery: 'outbox' })), notConfirmed());
  await signInUnconfirmed();
  expect(screen.getByRole('note')).toHaveTextContent('This portal sends no e-mail');
  expectLink(screen, 'Open Admin → Outbox', '/admin/outbox');
});

test('with SMTP the unconfirmed address gets no outbox hint', async () => {
  server.use(notConfirmed());
  await signInUnconfirmed();
  expect(screen.queryByRole('note')).not.toBeInTheDocument();
});
