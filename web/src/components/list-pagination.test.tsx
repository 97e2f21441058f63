import type { DeveloperAppSummary, OutboxMessage } from '@portal/contracts';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { renderRoute } from '../test/render.tsx';
import { admin, configHandler, developer, pagedHandler, runtimeConfig, server } from '../test/server.ts';
import { totalPages, useListState } from './use-list-params.ts';

const app = (n: number): DeveloperAppSummary => ({
  id: `a${n}`,
  name: null,
  internal_name: `App ${n}`,
  role: 'owner',
  sandbox_status: 'live',
  published: false,
  production_access: 'none',
  thumbnail_url: null,
  created_at: '2026-01-01T00:00:00Z',
});

const signedInAs = (user = developer) => server.use(configHandler(runtimeConfig({ user })));

/** Signed in, with My Apps listing `count` apps; the requests it was sent. */
function serveApps(count: number): URL[] {
  signedInAs();
  const seen: URL[] = [];
  server.use(
    pagedHandler(
      '/api/v1/developer_apps',
      Array.from({ length: count }, (_, i) => app(i + 1)),
      seen,
    ),
  );
  return seen;
}

test('total pages = max(1, ceil(total / per page))', () => {
  expect(totalPages(undefined)).toBe(1);
  expect(totalPages({ total: 0, perPage: 25 })).toBe(1);
  expect(totalPages({ total: 25, perPage: 25 })).toBe(1);
  expect(totalPages({ total: 26, perPage: 25 })).toBe(2);
  expect(totalPages({ total: 60, perPage: 25 })).toBe(3);
});

test('My Apps pages through the URL: neighbours follow the Link cursor, jumps go by number', async () => {
  const seen = serveApps(60);
  const { router } = renderRoute('/developer_apps');
  expect(await screen.findByRole('link', { name: 'App 1' })).toBeInTheDocument();
  expect(screen.getAllByRole('row')).toHaveLength(26);
  expect(seen.at(-1)?.searchParams.get('page')).toBe('1');
  expect(seen.at(-1)?.searchParams.get('per_page')).toBe('25');

  const pages = screen.getByRole('navigation', { name: 'Pages' });
  await userEvent.click(within(pages).getByRole('button', { name: '2' }));
  expect(await screen.findByRole('link', { name: 'App 26' })).toBeInTheDocument();
  expect(seen.at(-1)?.searchParams.get('cursor')).toBe('after-1');
  expect(router.state.location.search).toBe('?page=2&cursor=after-1');

  await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
  expect(await screen.findByRole('link', { name: 'App 51' })).toBeInTheDocument();
  expect(screen.getAllByRole('row')).toHaveLength(11);
  expect(seen.at(-1)?.searchParams.get('cursor')).toBe('after-2');

  await userEvent.click(within(pages).getByRole('button', { name: '1' }));
  expect(await screen.findByRole('link', { name: 'App 1' })).toBeInTheDocument();
  expect(seen.at(-1)?.searchParams.has('cursor')).toBe(false);
  expect(router.state.location.search).toBe('');
});

test('a page in the URL is requested directly; pages past the end are not offered', async () => {
  const seen = serveApps(51);
  renderRoute('/developer_apps?page=3');
  expect(await screen.findByRole('link', { name: 'App 51' })).toBeInTheDocument();
  expect(seen.at(-1)?.searchParams.get('page')).toBe('3');
  expect(seen.at(-1)?.searchParams.has('cursor')).toBe(false);
  const pages = screen.getByRole('navigation', { name: 'Pages' });
  expect(within(pages).queryByRole('button', { name: '4' })).toBeNull();
  expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
});

test('one page needs no page controls', async () => {
  signedInAs();
  server.use(pagedHandler('/api/v1/developer_apps', [app(1), app(2)], []));
  renderRoute('/developer_apps');
  expect(await screen.findByRole('link', { name: 'App 2' })).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
});

test('search waits for 3 characters and a pause, then asks from page 1', async () => {
  const seen = serveApps(30);
  const { router } = renderRoute('/developer_apps?page=2');
  expect(await screen.findByRole('link', { name: 'App 26' })).toBeInTheDocument();
  const box = screen.getByRole('searchbox', { name: 'Search' });
  await userEvent.type(box, 'sy');
  expect(await screen.findByText('Enter at least 3 characters')).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(seen.every((url) => !url.searchParams.has('filters[search]'))).toBe(true);
  await userEvent.type(box, 'n');
  await waitFor(() => expect(seen.at(-1)?.searchParams.get('filters[search]')).toBe('syn'));
  expect(seen.at(-1)?.searchParams.get('page')).toBe('1');
  expect(router.state.location.search).toBe('?search=syn');
});

test('the outbox keeps its recipient filter and page in the URL', async () => {
  signedInAs(admin);
  const seen: URL[] = [];
  const message = (n: number): OutboxMessage => ({
    id: `m${n}`,
    to: `dev${n}@example.com`,
    subject: `Subject ${n}`,
    text: 't',
    html: 'h',
    template: 'x',
    delivery: 'outbox',
    status: 'sent',
    error: null,
    created_at: '2026-01-01T00:00:00Z',
  });
  server.use(
    pagedHandler(
      '/api/v1/admin/outbox',
      Array.from({ length: 40 }, (_, i) => message(i + 1)),
      seen,
    ),
  );
  renderRoute('/admin/outbox?to=dev1&page=2');
  expect(await screen.findByText('Subject 26')).toBeInTheDocument();
  expect(seen.at(-1)?.searchParams.get('to')).toBe('dev1');
  expect(seen.at(-1)?.searchParams.get('page')).toBe('2');
  expect(screen.getByRole('searchbox', { name: 'Filter by recipient' })).toHaveValue('dev1');
});

test('useListState pages like useListParams, in component state: Link cursor to neighbours, bounds kept', () => {
  const { result } = renderHook(() => useListState());
  const data = { items: [], total: 60, perPage: 25, next: 'after-1' };
  act(() => result.current.goTo(2, data));
  expect(result.current).toMatchObject({ page: 2, cursor: 'after-1' });
  act(() => result.current.goTo(4, data));
  expect(result.current.page).toBe(2);
  act(() => result.current.goTo(1, { ...data, prev: 'before-2' }));
  expect(result.current).toMatchObject({ page: 1, cursor: undefined });
  act(() => result.current.goTo(3, data));
  expect(result.current).toMatchObject({ page: 3, cursor: undefined });
});
