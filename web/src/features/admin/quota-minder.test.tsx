import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, expect, test, vi } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import { admin, configHandler, runtimeConfig, server } from '../../test/server.ts';

const BASE = '/api/v1/admin/quota_minder_servers';
const SERVERS = ['Production_US01', 'Production_US02'];
const bucket = {
  id: 'b-1',
  name: 'Crane <b>Log</b> limits',
  client_id: '*',
  domain: 'crane-client',
  app_name: 'Crane Log',
  server: 'Production_US02',
  ids: { Production_US02: 'b-1' },
  shadow: true,
  bucket_templates: [
    { name: 'main', fill_type: 'count', limit: 7200, interval_ms: 3_600_000, server: 'Production_US02' },
    { name: 'spike', fill_type: 'count', limit: 100, interval_ms: 10_000, server: 'Production_US02' },
  ],
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
};

afterEach(() => vi.restoreAllMocks());

function serve(extra: Parameters<typeof server.use> = []) {
  server.use(
    configHandler(runtimeConfig({ user: admin })),
    http.get(BASE, () => HttpResponse.json({ servers: SERVERS })),
    http.get(`${BASE}/:server/buckets`, ({ params }) =>
      HttpResponse.json(params.server === 'Production_US02' ? [bucket] : [], {
        headers: { Total: '1', 'Per-Page': '50' },
      }),
    ),
    http.get(`${BASE}/:server/buckets/:id/traffic`, () =>
      HttpResponse.json({ days: [{ day: '2026-03-01', requests: 150, refused: 0, would_refuse: 50 }] }),
    ),
    http.get('/api/v1/admin/audit', () =>
      HttpResponse.json([], { headers: { Total: '0', 'Per-Page': '50' } }),
    ),
    ...extra,
  );
}

test('the add form starts with the default templates; an extra template defaults to count, 10,000 ms, 100; submit asks first', async () => {
  const posted: unknown[] = [];
  serve([
    http.post(`${BASE}/:server/buckets`, async ({ request, params }) => {
      posted.push({ server: params.server, body: await request.json() });
      return HttpResponse.json(bucket, { status: 201 });
    }),
  ]);
  const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
  renderRoute('/admin/quota_minder');
  const form = await screen.findByRole('form', { name: 'Add bucket' });
  expect(within(form).getByLabelText('Template 1 limit')).toHaveValue('7200');
  expect(within(form).getByLabelText('Template 1 interval (ms)')).toHaveValue('3600000');
  expect(within(form).getByLabelText('Template 2 limit')).toHaveValue('100');
  expect(within(form).getByLabelText('Template 2 interval (ms)')).toHaveValue('10000');
  expect(within(form).getByLabelText('Client ID')).toHaveValue('*');
  await userEvent.click(within(form).getByRole('button', { name: 'Add template' }));
  expect(within(form).getAllByRole('combobox', { name: 'Template 3 name' })[0]).toHaveValue('spike');
  expect(within(form).getAllByRole('combobox', { name: 'Template 3 fill type' })[0]).toHaveValue('count');
  expect(within(form).getByLabelText('Template 3 limit')).toHaveValue('100');
  expect(within(form).getByLabelText('Template 3 interval (ms)')).toHaveValue('10000');
  await userEvent.type(within(form).getByLabelText('Name'), 'Crane');
  await userEvent.type(within(form).getByLabelText(/^Domain/), 'crane-client');

  await userEvent.click(within(form).getByRole('button', { name: 'Add bucket' }));
  expect(confirm).toHaveBeenCalledWith('Add this bucket to Production_US01?');
  expect(posted).toHaveLength(0);
  await userEvent.click(within(form).getByRole('button', { name: 'Add bucket' }));
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0]).toEqual({
    server: 'Production_US01',
    body: {
      data: {
        name: 'Crane',
        client_id: '*',
        domain: 'crane-client',
        shadow: false,
        bucket_templates: [
          { name: 'main', fill_type: 'count', interval_ms: 3_600_000, limit: 7200 },
          { name: 'spike', fill_type: 'count', interval_ms: 10_000, limit: 100 },
          { name: 'spike', fill_type: 'count', interval_ms: 10_000, limit: 100 },
        ],
      },
    },
  });
});

test("a refused bucket shows the server's message in a browser alert", async () => {
  serve([
    http.post(`${BASE}/:server/buckets`, () =>
      HttpResponse.json(
        {
          message: "Domain must be the client ID of an OAuth application; 'nope' is none",
          errors: ["Domain must be the client ID of an OAuth application; 'nope' is none"],
          code: 'bad_request',
          request_id: 'r',
        },
        { status: 400 },
      ),
    ),
  ]);
  vi.spyOn(window, 'confirm').mockReturnValue(true);
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  renderRoute('/admin/quota_minder');
  const form = await screen.findByRole('form', { name: 'Add bucket' });
  await userEvent.type(within(form).getByLabelText(/^Domain/), 'nope');
  await userEvent.click(within(form).getByRole('button', { name: 'Add bucket' }));
  await waitFor(() =>
    expect(alert).toHaveBeenCalledWith(
      "Domain must be the client ID of an OAuth application; 'nope' is none",
    ),
  );
});

test('retrieves the chosen server’s buckets; shows would-be 429s per day; delete asks first; enforcing asks first; the impact preview', async () => {
  const deleted: string[] = [];
  const patched: unknown[] = [];
  serve([
    http.delete(`${BASE}/:server/buckets/:id`, ({ params }) => {
      deleted.push(`${params.server}/${params.id}`);
      return new HttpResponse(null, { status: 204 });
    }),
    http.patch(`${BASE}/:server/buckets/:id`, async ({ request }) => {
      patched.push(await request.json());
      return HttpResponse.json({ ...bucket, shadow: false });
    }),
    http.post(`${BASE}/:server/buckets/:id/impact`, () =>
      HttpResponse.json({
        app_name: 'Crane Log',
        days: 7,
        requests: 150,
        would_throttle: 100,
        requests_from_api_usage: 40,
        message: 'would have throttled 100 requests from app Crane Log in the last 7 days',
      }),
    ),
  ]);
  const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
  renderRoute('/admin/quota_minder');
  await userEvent.click((await screen.findAllByRole('combobox', { name: 'Server' }))[0]!);
  await userEvent.click(await screen.findByRole('option', { name: 'Production_US02' }));
  await userEvent.click(screen.getByRole('button', { name: 'Retrieve buckets' }));
  const table = await screen.findByRole('table', { name: 'Buckets on Production_US02' });
  // The name is shown as text, never as markup.
  expect(within(table).getByText('Crane <b>Log</b> limits')).toBeInTheDocument();
  expect(within(table).getByText('Shadow')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Delete Crane <b>Log</b> limits' }));
  expect(confirm).toHaveBeenLastCalledWith(
    'Are you sure you wish to delete the bucket Crane <b>Log</b> limits?',
  );
  expect(deleted).toEqual([]);
  confirm.mockReturnValue(true);
  await userEvent.click(screen.getByRole('button', { name: 'Delete Crane <b>Log</b> limits' }));
  await waitFor(() => expect(deleted).toEqual(['Production_US02/b-1']));

  await userEvent.click(
    screen.getByRole('button', { name: 'Show the history and traffic of Crane <b>Log</b> limits' }),
  );
  expect(await screen.findByTestId('would-refuse')).toHaveTextContent('50');

  await userEvent.click(screen.getByRole('button', { name: 'Edit Crane <b>Log</b> limits' }));
  const form = await screen.findByRole('form', { name: 'Edit bucket' });
  const limit = within(form).getByLabelText('Template 2 limit');
  await userEvent.clear(limit);
  await userEvent.type(limit, '50');
  expect(await within(form).findByTestId('impact-preview')).toHaveTextContent(
    /^would have throttled 100 requests from app Crane Log in the last 7 days$/,
  );
  expect(within(form).getByTestId('impact-from-usage')).toHaveTextContent(
    "40 of them from the app's API usage before this bucket existed (per day, spread evenly: bursts on those days do not show).",
  );
  await userEvent.click(within(form).getByLabelText(/^Shadow mode/));
  confirm.mockClear();
  confirm.mockReturnValueOnce(true).mockReturnValueOnce(false);
  await userEvent.click(within(form).getByRole('button', { name: 'Save bucket' }));
  expect(confirm).toHaveBeenNthCalledWith(1, 'Save this bucket on Production_US02?');
  expect(confirm).toHaveBeenNthCalledWith(
    2,
    'Switch this bucket from shadow mode to enforce? Requests over its limits will be refused with 429.',
  );
  expect(patched).toEqual([]);
  confirm.mockReturnValue(true);
  await userEvent.click(within(form).getByRole('button', { name: 'Save bucket' }));
  await waitFor(() => expect(patched).toHaveLength(1));
  expect((patched[0] as { data: { shadow: boolean } }).data.shadow).toBe(false);
});

test('a server with more than 50 buckets pages like the other admin lists; retrieving another server starts at page 1; a delete that empties the last page goes back a page', async () => {
  let rows = Array.from({ length: 51 }, (_, i) => ({
    ...bucket,
    id: `b-${i + 1}`,
    name: `Bucket ${i + 1}`,
  }));
  const seen: URL[] = [];
  serve();
  // Prepended to the handlers, so these answer the list instead of serve's one-bucket list.
  server.use(
    http.get(`${BASE}/:server/buckets`, ({ request, params }) => {
      const url = new URL(request.url);
      seen.push(url);
      const all = params.server === 'Production_US02' ? rows : [];
      const page = Number(url.searchParams.get('page'));
      const perPage = Number(url.searchParams.get('per_page'));
      return HttpResponse.json(all.slice((page - 1) * perPage, page * perPage), {
        headers: { Total: String(all.length), 'Per-Page': String(perPage) },
      });
    }),
    http.delete(`${BASE}/:server/buckets/:id`, ({ params }) => {
      rows = rows.filter((row) => row.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  vi.spyOn(window, 'confirm').mockReturnValue(true);
  const { router } = renderRoute('/admin/quota_minder?server=Production_US02');
  const table = await screen.findByRole('table', { name: 'Buckets on Production_US02' });
  expect(within(table).getByText('Bucket 50')).toBeInTheDocument();
  expect(within(table).queryByText('Bucket 51')).not.toBeInTheDocument();
  expect(seen.at(-1)?.searchParams.get('page')).toBe('1');
  expect(seen.at(-1)?.searchParams.get('per_page')).toBe('50');

  const top = screen.getByRole('navigation', { name: 'Pages (top)' });
  expect(screen.getByRole('navigation', { name: 'Pages (bottom)' })).toBeInTheDocument();
  await userEvent.click(within(top).getByRole('button', { name: '2' }));
  expect(await screen.findByText('Bucket 51')).toBeInTheDocument();
  expect(screen.queryByText('Bucket 1')).not.toBeInTheDocument();
  expect(seen.at(-1)?.searchParams.get('page')).toBe('2');
  expect(router.state.location.search).toContain('page=2');

  // The last bucket on page 2 can be deleted; the emptied page is left for the new last page.
  await userEvent.click(screen.getByRole('button', { name: 'Delete Bucket 51' }));
  expect(await screen.findByText('Bucket 1')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.search).not.toContain('page=2'));
  // Page 1 is refetched (its cached Total is from before the delete): one page now, no controls.
  await waitFor(() =>
    expect(screen.queryByRole('navigation', { name: 'Pages (top)' })).not.toBeInTheDocument(),
  );
  expect(seen.at(-1)?.searchParams.get('page')).toBe('1');

  // Back to two pages, on page 2; retrieving another server asks for its page 1.
  rows = [...rows, { ...bucket, id: 'b-52', name: 'Bucket 52' }];
  await act(() => router.navigate('/admin/quota_minder?server=Production_US02&page=2'));
  expect(await screen.findByText('Bucket 52')).toBeInTheDocument();
  await userEvent.click((await screen.findAllByRole('combobox', { name: 'Server' }))[0]!);
  await userEvent.click(await screen.findByRole('option', { name: 'Production_US01' }));
  await userEvent.click(screen.getByRole('button', { name: 'Retrieve buckets' }));
  expect(await screen.findByText('No buckets on Production_US01 yet.')).toBeInTheDocument();
  expect(seen.at(-1)?.pathname).toContain('Production_US01');
  expect(seen.at(-1)?.searchParams.get('page')).toBe('1');
  expect(router.state.location.search).toBe('?server=Production_US01');
});

test("a failed retrieve shows the server's message in a browser alert, once, and inline", async () => {
  serve();
  server.use(
    http.get(`${BASE}/:server/buckets`, () =>
      HttpResponse.json(
        {
          message: 'QuotaMinder server Production_US02 did not answer',
          errors: [],
          code: 'bad_gateway',
          request_id: 'r',
        },
        { status: 502 },
      ),
    ),
  );
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  renderRoute('/admin/quota_minder?server=Production_US02');
  await waitFor(() =>
    expect(alert).toHaveBeenCalledWith('QuotaMinder server Production_US02 did not answer'),
  );
  const section = screen.getByRole('region', { name: 'Buckets on Production_US02' });
  expect(within(section).getByText('QuotaMinder server Production_US02 did not answer')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Retrieve buckets' }));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(alert).toHaveBeenCalledTimes(1);
});
