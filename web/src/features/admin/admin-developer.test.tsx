import type { AdminDeveloper } from '@portal/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, test } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import { admin, configHandler, fieldRefused, runtimeConfig, server } from '../../test/server.ts';

const dana: AdminDeveloper = {
  id: 'u1',
  name: 'Dana Dev',
  company_name: 'Acme',
  email: 'dana@example.com',
  procore_id: 1000002,
  role: 'developer',
  employee: false,
  disabled: false,
  created_at: '2026-01-01T00:00:00.000Z',
};

test('edits a developer: disabling sends disabled true and says saved; a taken e-mail shows at the field', async () => {
  const bodies: unknown[] = [];
  server.use(
    configHandler(runtimeConfig({ user: admin })),
    http.get('/api/v1/admin/developers/u1', () => HttpResponse.json(dana)),
    http.patch('/api/v1/admin/developers/u1', async ({ request }) => {
      const body = (await request.json()) as { developer: Partial<AdminDeveloper> };
      bodies.push(body);
      if (body.developer.email === 'taken@example.com')
        return fieldRefused('developer.email', 'That e-mail address is taken', { request_id: 'r' });
      return HttpResponse.json({ ...dana, ...body.developer });
    }),
  );
  renderRoute('/admin/developers/u1/edit');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Edit developer: Dana Dev' }),
  ).toBeInTheDocument();
  const user = userEvent.setup();
  await user.click(screen.getByRole('switch', { name: /^Account disabled/ }));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Developer saved')).toBeInTheDocument();
  expect((bodies[0] as { developer: AdminDeveloper }).developer.disabled).toBe(true);
  const email = screen.getByRole('textbox', { name: 'Email' });
  await user.clear(email);
  await user.type(email, 'taken@example.com');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Could not save')).toBeInTheDocument();
  expect(email).toHaveAccessibleDescription('That e-mail address is taken');
});
