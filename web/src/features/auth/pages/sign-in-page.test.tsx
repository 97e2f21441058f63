import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, test } from 'vitest';
import { renderRoute } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
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
