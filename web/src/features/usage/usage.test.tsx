import type { ApiUsageDaily, ApiUsageRow } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, test } from 'vitest';
import { sizeChartContainers } from '../../test/charts.ts';
import { renderRoute } from '../../test/render.tsx';
import { developer, runtimeConfig, server } from '../../test/server.ts';
import { app, signedIn } from '../apps/testing.ts';
import { manifestsApi } from '../manifests/testing.ts';

const daily: ApiUsageDaily = {
  from: '2026-03-02',
  to: '2026-03-31',
  days: [
    { date: '2026-03-30', successful: 12, client_errors: 2, server_errors: 0 },
    { date: '2026-03-31', successful: 5, client_errors: 0, server_errors: 1 },
  ],
  total: 20,
};
const row = (n: number, extra: Partial<ApiUsageRow> = {}): ApiUsageRow => ({
  id: `u${n}`,
  date: '2026-03-31',
  status: 200,
  method: 'GET',
  route: '/rest/v1.0/me',
  count: n,
  ...extra,
});

sizeChartContainers(240);

/** The developer on the classic app page, with the usage the server answers; the table's requests. */
function serveUsage(rows: ApiUsageRow[], total = rows.length, days = daily) {
  signedIn(app);
  manifestsApi([]);
  const requests: URLSearchParams[] = [];
  server.use(
    http.get('/api/v1/config', () =>
      HttpResponse.json(runtimeConfig({ user: { ...developer, developer_apps_beta: false } })),
    ),
    http.get('/api/v1/developer_apps/a1/api_usage/daily', () => HttpResponse.json(days)),
    http.get('/api/v1/developer_apps/a1/api_usage', ({ request }) => {
      const search = new URL(request.url).searchParams;
      requests.push(search);
      const next = `</api/v1/developer_apps/a1/api_usage?page=2&per_page=25&cursor=c2>; rel="next"`;
      return HttpResponse.json(rows, {
        headers: { Total: String(total), 'Per-Page': '25', ...(total > 25 ? { Link: next } : {}) },
      });
    }),
  );
  return requests;
}

test('the API usage panel: the span’s total, a chart, the rows in a table, and the CSV link', async () => {
  const requests = serveUsage([
    row(15),
    row(2, { id: 'u2', status: 401 }),
    row(4, { id: 'u3', method: 'POST', route: '/rest/v1.0/companies' }),
  ]);
  renderRoute('/developer_apps/a1');
  const panel = await screen.findByRole('region', { name: 'API usage' });
  expect(await within(panel).findByText('20 calls from 2026-03-02 to 2026-03-31')).toBeInTheDocument();
  expect(
    within(panel).getByRole('img', { name: 'Platform API calls per day by outcome, last 30 days' }),
  ).toBeInTheDocument();
  const table = await within(panel).findByRole('table', {
    name: 'API calls per day, response code, method and route',
  });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Date', 'Response Code', 'HTTP Method', 'Normalized Route', 'Count']);
  const cells = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((tr) =>
      within(tr)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    );
  expect(cells).toEqual([
    ['2026-03-31', '200', 'GET', '/rest/v1.0/me', '15'],
    ['2026-03-31', '401', 'GET', '/rest/v1.0/me', '2'],
    ['2026-03-31', '200', 'POST', '/rest/v1.0/companies', '4'],
  ]);
  expect(requests[0]?.get('sort')).toBe('-date');
  expect(requests[0]?.get('per_page')).toBe('25');
  const csv = within(panel).getByRole('link', { name: 'Download CSV' });
  expect(csv).toHaveAttribute('href', '/api/v1/developer_apps/a1/api_usage.csv');

  // Count sorts ascending, then descending; the list starts again at page 1.
  await userEvent.click(within(table).getByRole('button', { name: 'Count' }));
  await waitFor(() => expect(requests.at(-1)?.get('sort')).toBe('count'));
  await userEvent.click(within(panel).getByRole('button', { name: 'Count' }));
  await waitFor(() => expect(requests.at(-1)?.get('sort')).toBe('-count'));
});

test('many rows page through the server’s cursor', async () => {
  const requests = serveUsage(
    Array.from({ length: 25 }, (_, i) => row(i + 1, { id: `r${i}` })),
    60,
  );
  renderRoute('/developer_apps/a1');
  const pages = await screen.findByRole('navigation', { name: 'API usage pages' });
  await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(requests.at(-1)?.get('cursor')).toBe('c2'));
  expect(requests.at(-1)?.get('page')).toBe('2');
});

test('an app without calls says so, with no chart', async () => {
  serveUsage([], 0, { ...daily, days: [], total: 0 });
  renderRoute('/developer_apps/a1');
  const panel = await screen.findByRole('region', { name: 'API usage' });
  expect(await within(panel).findByText('No platform API calls counted yet.')).toBeInTheDocument();
  expect(within(panel).getByText('0 calls from 2026-03-02 to 2026-03-31')).toBeInTheDocument();
  expect(within(panel).queryByRole('img')).toBeNull();
});
