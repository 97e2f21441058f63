import type { AdminDeveloperAppRow } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, test } from 'vitest';
import { nextSort } from '../../components/sortable-th.tsx';
import { expectLink } from '../../test/links.ts';
import { renderRoute } from '../../test/render.tsx';
import { admin, configHandler, runtimeConfig, server } from '../../test/server.ts';

const signedIn = () => server.use(configHandler(runtimeConfig({ user: admin })));

function appRow(overrides: Partial<AdminDeveloperAppRow> = {}): AdminDeveloperAppRow {
  return {
    id: 'app-1',
    internal_name: 'Crane Log',
    name: null,
    published: true,
    owner: { id: 'u1', name: 'Alice', email: 'alice@example.com' },
    created_at: '2026-01-02T10:00:00.000Z',
    updated_at: '2026-01-03T10:00:00.000Z',
    deleted_at: null,
    in_review_at: null,
    ...overrides,
  };
}

/** Answers the apps list and records each request's query. */
function appsHandler(rows: AdminDeveloperAppRow[], total = rows.length, seen: URLSearchParams[] = []) {
  server.use(
    http.get('/api/v1/admin/developer_apps', ({ request }) => {
      seen.push(new URL(request.url).searchParams);
      return HttpResponse.json(rows, { headers: { Total: String(total), 'Per-Page': '50' } });
    }),
  );
  return seen;
}

describe('sort cycle', () => {
  test('ascending, then descending, then none; another column starts ascending', () => {
    expect(nextSort('', 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBe('');
    expect(nextSort('-name', 'email')).toBe('email');
  });
});

describe('admin developer apps list', () => {
  test('breadcrumbs, columns, dates as YYYY-MM-DD or N/A, rows link to the app', async () => {
    signedIn();
    appsHandler([
      appRow(),
      appRow({ id: 'app-2', internal_name: 'Old', published: false, deleted_at: '2026-02-05T00:00:00.000Z' }),
    ]);
    renderRoute('/admin/developer_apps');
    const link = await screen.findByRole('link', { name: 'Crane Log' });
    expect(link).toHaveAttribute('href', '/admin/developer_apps/app-1');
    expectLink(screen, 'Admin', '/admin');
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Published', 'Name', 'Owner Email', 'Created At', 'In Review At', 'Deleted At']);
    const [, first, second] = screen.getAllByRole('row');
    expect(within(first!).getByRole('img', { name: 'Yes' })).toBeInTheDocument();
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['', 'Crane Log', 'alice@example.com', '2026-01-02', 'N/A', 'N/A']);
    expect(within(second!).getAllByRole('cell')[5]).toHaveTextContent('2026-02-05');
  });

  test('sort header cycles asc → desc → none and each change returns to page 1', async () => {
    signedIn();
    const seen = appsHandler([appRow()], 120);
    const { router } = renderRoute('/admin/developer_apps?page=2');
    await screen.findByRole('link', { name: 'Crane Log' });
    expect(seen.at(-1)?.get('page')).toBe('2');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(seen.at(-1)?.get('sort')).toBe('internal_name'));
    expect(seen.at(-1)?.get('page')).toBe('1');
    expect(router.state.location.search).toBe('?sort=internal_name');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(seen.at(-1)?.get('sort')).toBe('-internal_name'));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(seen.at(-1)?.has('sort')).toBe(false));
  });

  test('created-by options come from the server by e-mail and filter by owner id', async () => {
    signedIn();
    const seen = appsHandler([appRow()]);
    const searches: string[] = [];
    server.use(
      http.get('/api/v1/admin/developers', ({ request }) => {
        const params = new URL(request.url).searchParams;
        searches.push([...params.keys()].join(','));
        return HttpResponse.json([{ id: 'u9', email: 'zed@example.com' }]);
      }),
    );
    renderRoute('/admin/developer_apps');
    await screen.findByRole('link', { name: 'Crane Log' });
    const user = userEvent.setup();
    await user.type(screen.getAllByLabelText('Created by').find((el) => el.tagName === 'INPUT')!, 'zed');
    await user.click(await screen.findByRole('option', { name: 'zed@example.com' }));
    await waitFor(() => expect(seen.at(-1)?.getAll('filters[owner_id][]')).toEqual(['u9']));
    expect(searches).toContain('filters[search]');
  });

  test('a failed load says "An error occurred"', async () => {
    signedIn();
    server.use(
      http.get('/api/v1/admin/developer_apps', () =>
        HttpResponse.json(
          { message: 'x', errors: ['x'], code: 'internal', request_id: 'r' },
          { status: 500 },
        ),
      ),
    );
    renderRoute('/admin/developer_apps');
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred');
  });
});

describe('OAuth applications list', () => {
  test('environment selector sends environment, production by default; hidden in FedRAMP', async () => {
    const seen: URLSearchParams[] = [];
    server.use(
      configHandler(runtimeConfig({ user: admin })),
      http.get('/api/v1/admin/oauth_applications', ({ request }) => {
        seen.push(new URL(request.url).searchParams);
        return HttpResponse.json(
          [
            {
              id: 'o1',
              name: 'Crane Log',
              uid: 'client-1',
              environment: 'production',
              href: '/admin/developer_apps/app-1',
              owner_name: 'Alice',
              owner_email: 'alice@example.com',
            },
          ],
          { headers: { Total: '1', 'Per-Page': '50' } },
        );
      }),
    );
    const { unmount } = renderRoute('/admin/oauth_applications?environment=sandbox');
    expect(await screen.findByRole('link', { name: 'Crane Log' })).toHaveAttribute(
      'href',
      '/admin/developer_apps/app-1',
    );
    expect(seen.at(-1)?.get('environment')).toBe('sandbox');
    expect(screen.getAllByRole('combobox', { name: 'Environment' }).length).toBeGreaterThan(0);
    unmount();
    server.use(configHandler(runtimeConfig({ user: admin, fedramp: true })));
    renderRoute('/admin/oauth_applications');
    await screen.findByRole('link', { name: 'Crane Log' });
    expect(seen.at(-1)?.get('environment')).toBe('production');
    expect(screen.queryByRole('combobox', { name: 'Environment' })).toBeNull();
  });
});
