import type { AppInstallation, AppMetrics } from '@portal/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, test } from 'vitest';
import { sizeChartContainers } from '../../test/charts.ts';
import { expectLink } from '../../test/links.ts';
import { renderRoute } from '../../test/render.tsx';
import { analyticsInto, developer, runtimeConfig, server } from '../../test/server.ts';
import { app, signedIn } from '../apps/testing.ts';
import { manifestsApi } from '../manifests/testing.ts';

const series = (rows: Array<[string, number]>) => ({
  rows: rows.map(([date, count]) => ({ date, count })),
  total_count: rows.reduce((sum, [, count]) => sum + count, 0),
});
/** 30 days with 4 installs, 1 uninstall and 40 visits; the 30 days before: 2, 0, 40. */
const month: AppMetrics = {
  developer_app_id: 'a1',
  from: '2026-03-02',
  to: '2026-03-31',
  range: '30',
  bucket: 'day',
  daily_app_installations_aggregates: series([
    ['2026-03-30', 3],
    ['2026-03-31', 1],
  ]),
  daily_app_uninstallations_aggregates: series([['2026-03-31', 1]]),
  daily_marketplace_app_views_aggregates: series([['2026-03-30', 40]]),
  daily_marketplace_app_page_views_aggregates: series([['2026-03-30', 55]]),
  previous_period: {
    from: '2026-01-31',
    to: '2026-03-01',
    installs: 2,
    uninstalls: 0,
    visits: 40,
    page_views: 40,
  },
  app_installations: { rows: [], total_count: 30 },
};
const year: AppMetrics = { ...month, from: '2025-04-01', range: '365', previous_period: null };
const row = (i: number): AppInstallation => ({
  id: `i${i}`,
  company_name: `Company ${i}`,
  company_is_demo: false,
  user_email_address: null,
  procore_updated_at: '2026-03-30T12:00:00.000Z',
  status: 'installed',
});

sizeChartContainers();

function serve({ restricted = false, hasMetrics = true } = {}) {
  signedIn({ ...app, has_metrics: hasMetrics });
  manifestsApi([]);
  const events: unknown[] = [];
  const feedPages: string[] = [];
  server.use(
    http.get('/api/v1/config', () =>
      HttpResponse.json(runtimeConfig({ user: developer, restricted_government: restricted })),
    ),
    http.get('/api/v1/developer_apps/a1/metrics', ({ request }) =>
      HttpResponse.json(new URL(request.url).searchParams.get('range') === '365' ? year : month),
    ),
    http.get('/api/v1/developer_apps/a1/installations', ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      feedPages.push(String(page));
      const rows = page === 2 ? [row(26), row(27), row(28), row(29), row(30)] : [1, 2, 3].map(row);
      return HttpResponse.json(rows, { headers: { Total: '30', 'Per-Page': '25' } });
    }),
    analyticsInto(events),
  );
  return { events, feedPages };
}

const kpi = (name: string) => screen.getByRole('group', { name });

test('classic page: View Report (tracked) opens the report at its own path, with breadcrumbs', async () => {
  const { events } = serve();
  const { router } = renderRoute('/developer_apps/a1');
  await userEvent.click(await screen.findByRole('link', { name: 'View Report' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/developer_apps/a1/metrics'));
  await waitFor(() =>
    expect(events).toContainEqual({
      key: 'developers.app_metrics.view_report.clicked',
      additional_properties: { developer_app_id: 'a1' },
    }),
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'App Engagement Report' })).toBeInTheDocument();
  const crumbs = screen.getByRole('link', { name: 'Apps' }).parentElement!;
  expect(
    Array.from(crumbs.children)
      .map((crumb) => crumb.textContent)
      .filter((text) => text !== '/'),
  ).toEqual(['Apps', 'Field Sync', 'App Engagement Report']);
  expectLink(screen, 'Field Sync', '/developer_apps/a1');
});

test('KPI cards: visits, installs, uninstalls, net and conversion, each against the previous period', async () => {
  serve();
  renderRoute('/developer_apps/a1/metrics');
  expect(await screen.findByRole('group', { name: 'Total Marketplace Visits' })).toHaveTextContent(
    '40No change vs previous period',
  );
  expect(kpi('Company Installations')).toHaveTextContent('4+100.0% vs previous period');
  expect(kpi('Uninstalls')).toHaveTextContent('1New since the previous period');
  expect(kpi('Net Installs')).toHaveTextContent('3+50.0% vs previous period');
  // 4 installs ÷ 40 visits, against 2 ÷ 40.
  expect(kpi('Conversion')).toHaveTextContent('10.0%+100.0% vs previous period');
});

test('the range selector asks the server for 365 days and keeps it in the address; all time has no previous period', async () => {
  serve();
  const { router } = renderRoute('/developer_apps/a1/metrics');
  await screen.findByRole('group', { name: 'Company Installations' });
  const range = screen.getByRole('radiogroup', { name: 'Range' });
  await userEvent.click(within(range).getByText('365 days'));
  await waitFor(() => expect(screen.getByText('2025-04-01 to 2026-03-31')).toBeInTheDocument());
  expect(kpi('Company Installations')).toHaveTextContent('No previous period to compare');
  expect(router.state.location.search).toBe('?range=365');
});

test('a report opened at ?range=365 shows 365 days; an unknown range reads as 30 days', async () => {
  serve();
  renderRoute('/developer_apps/a1/metrics?range=365');
  expect(await screen.findByText('2025-04-01 to 2026-03-31')).toBeInTheDocument();
  expect(
    within(screen.getByRole('radiogroup', { name: 'Range' })).getByRole('radio', { name: '365 days' }),
  ).toBeChecked();
  cleanup();
  renderRoute('/developer_apps/a1/metrics?range=7');
  await screen.findByRole('group', { name: 'Company Installations' });
  expect(
    within(screen.getByRole('radiogroup', { name: 'Range' })).getByRole('radio', { name: '30 days' }),
  ).toBeChecked();
});

test('the install feed pages from the server', async () => {
  const { feedPages } = serve();
  renderRoute('/developer_apps/a1/metrics');
  expect(await screen.findByText('Company 1')).toBeInTheDocument();
  const pages = screen.getByRole('navigation', { name: 'Installations pages' });
  await userEvent.click(within(pages).getByRole('button', { name: '2' }));
  expect(await screen.findByText('Company 30')).toBeInTheDocument();
  expect(screen.queryByText('Company 1')).toBeNull();
  expect(feedPages).toEqual(['1', '2']);
});

test('the restricted-government build: no View Report button and no report page', async () => {
  serve({ restricted: true });
  renderRoute('/developer_apps/a1');
  expect(await screen.findByRole('heading', { level: 1, name: 'Field Sync' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'View Report' })).toBeNull();
});

test('the restricted-government build: the report path is not found', async () => {
  serve({ restricted: true });
  renderRoute('/developer_apps/a1/metrics');
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'App Engagement Report' })).toBeNull());
  expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('App Engagement Report');
});

test('no metrics data: no View Report button on the classic page', async () => {
  serve({ hasMetrics: false });
  renderRoute('/developer_apps/a1');
  expect(await screen.findByRole('heading', { level: 1, name: 'Field Sync' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'View Report' })).toBeNull();
});
