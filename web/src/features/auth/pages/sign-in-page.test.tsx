import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, test } from 'vitest';
import { renderRoute } from '../../../test/render.tsx';
import { configHandler, runtimeConfig, server } from '../../../test/server.ts';
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
  expect(screen.getByRole('link', { name: 'Open Admin → Outbox' })).toHaveAttribute('href', '/admin/outbox');
});

test('with SMTP the unconfirmed address gets no outbox hint', async () => {
  server.use(notConfirmed());
  await signInUnconfirmed();
  expect(screen.queryByRole('note')).not.toBeInTheDocument();
});
