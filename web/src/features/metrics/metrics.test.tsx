import type { AppInstallation, AppMetrics } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, expect, test } from 'vitest';
import { adminApp, serveAdminApp } from '../../test/admin-app.ts';
import { sizeChartContainers } from '../../test/charts.ts';
import { expectLink } from '../../test/links.ts';
import { renderRoute } from '../../test/render.tsx';
import { analyticsInto, developer, runtimeConfig, server } from '../../test/server.ts';
import { app, signedIn } from '../apps/testing.ts';
import { manifestsApi } from '../manifests/testing.ts';

/** 90 days, 2026-01-01…2026-03-31, views on three of them, no installs. */
const none = { rows: [], total_count: 0 };
const withViews: AppMetrics = {
  developer_app_id: 'a1',
  from: '2026-01-01',
  to: '2026-03-31',
  range: '90',
  bucket: 'day',
  daily_app_installations_aggregates: none,
  daily_app_uninstallations_aggregates: none,
  daily_marketplace_app_page_views_aggregates: none,
  previous_period: null,
  daily_marketplace_app_views_aggregates: {
    rows: [
      { date: '2026-01-01', count: 4 },
      { date: '2026-03-30', count: 2 },
      { date: '2026-03-31', count: 1 },
    ],
    total_count: 7,
  },
  app_installations: { rows: [], total_count: 0 },
};
const empty: AppMetrics = {
  ...withViews,
  daily_marketplace_app_views_aggregates: { rows: [], total_count: 0 },
};
const installation: AppInstallation = {
  id: 'i1',
  company_name: 'Acme Builders',
  company_is_demo: true,
  user_email_address: 'installer@acme.example',
  procore_updated_at: '2026-03-30T12:00:00.000Z',
  status: 'installed',
};

afterEach(() => window.localStorage.clear());

sizeChartContainers();

/** The install feed from the server (the list pattern): `rows` as one page, Total in its header. */
function serveFeed(appId: string, rows: AppInstallation[], total = rows.length) {
  const requests: string[] = [];
  server.use(
    http.get(`/api/v1/developer_apps/${appId}/installations`, ({ request }) => {
      requests.push(new URL(request.url).search);
      return HttpResponse.json(rows, { headers: { Total: String(total), 'Per-Page': '25' } });
    }),
  );
  return requests;
}

/** The developer (in the tabbed-page beta unless `beta` is false), the app's metrics and every tracked event. */
function serveDeveloper(
  metrics: AppMetrics,
  hasMetrics = true,
  { beta = true, feed = [] as AppInstallation[], restricted = false } = {},
) {
  signedIn({ ...app, has_metrics: hasMetrics });
  manifestsApi([]);
  serveFeed('a1', feed);
  const events: unknown[] = [];
  const reports: string[] = [];
  server.use(
    http.get('/api/v1/config', () =>
      HttpResponse.json(
        runtimeConfig({
          user: { ...developer, developer_apps_beta: beta },
          restricted_government: restricted,
        }),
      ),
    ),
    http.get('/api/v1/developer_apps/a1/metrics', ({ request }) => {
      reports.push(new URL(request.url).searchParams.get('range') ?? '');
      return HttpResponse.json(metrics);
    }),
    analyticsInto(events),
  );
  return Object.assign(events, { reports });
}

const kpi = (name: string) => screen.getByRole('group', { name });
const dates = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

/** Clicks Export CSV (which links to `href`) and waits for the click's analytics event, naming the app. */
async function exportCsv(
  events: unknown[],
  href: string,
  app: { developer_app_id: string; app_name: string },
) {
  const exportLink = screen.getByRole('link', { name: 'Export CSV' });
  expect(exportLink).toHaveAttribute('href', href);
  exportLink.addEventListener('click', (event) => event.preventDefault()); // jsdom cannot navigate
  await userEvent.click(exportLink);
  await waitFor(() =>
    expect(events).toContainEqual({
      key: 'developers.app_metrics.download_csv.clicked',
      additional_properties: app,
    }),
  );
}

test('the Metrics tab shows only when the app has metrics data', async () => {
  serveDeveloper(empty, false);
  renderRoute('/developer_apps/a1?tab=metrics');
  const nav = await screen.findByRole('navigation', { name: 'App Information' });
  expect(within(nav).queryByRole('button', { name: 'Metrics' })).toBeNull();
  expect(within(nav).getByRole('button', { name: 'Configurations' })).toHaveAttribute('aria-current', 'page');
});

test('developer: breadcrumbs, KPI cards, 25 days a page newest first, and the CSV export', async () => {
  const events = serveDeveloper(withViews);
  const { router } = renderRoute('/developer_apps/a1');
  const nav = await screen.findByRole('navigation', { name: 'App Information' });
  await userEvent.click(within(nav).getByRole('button', { name: 'Metrics' }));
  expect(router.state.location.search).toBe('?tab=metrics');
  await waitFor(() =>
    expect(events).toContainEqual({
      key: 'developers.app_metrics.view_report.clicked',
      additional_properties: { developer_app_id: 'a1' },
    }),
  );

  expect(await screen.findByRole('heading', { name: 'App Engagement Report' })).toBeInTheDocument();
  // Breadcrumbs: Apps (/developer_apps) > app name > App Engagement Report.
  const crumbs = screen.getByRole('link', { name: 'Apps' }).parentElement!;
  expectLink(screen, 'Apps', '/developer_apps');
  expect(
    Array.from(crumbs.children)
      .map((crumb) => crumb.textContent)
      .filter((text) => text !== '/'),
  ).toEqual(['Apps', 'Field Sync', 'App Engagement Report']);

  expect(await screen.findByRole('group', { name: 'Total Marketplace Visits' })).toHaveTextContent('7');
  // The number says what it counts: not requests, and not user agents.
  expect(kpi('Total Marketplace Visits')).toHaveTextContent(
    'Each day, one per signed-in person and one per network of signed-out visitors (an IPv4 address or an IPv6 /64), on the public listing.',
  );
  expect(kpi('Company Installations')).toHaveTextContent('0');
  expect(
    screen.getByRole('img', { name: 'Daily app installations and marketplace app views' }),
  ).toBeInTheDocument();

  const table = screen.getByRole('table', { name: 'Daily counts' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Date', 'App installations', 'App uninstalls', 'Marketplace app views']);
  // Every day of the 90, newest first: 25, 25, 25, 15.
  expect(dates(table)).toHaveLength(25);
  expect(dates(table)[0]).toBe('2026-03-31');
  expect(dates(table)[24]).toBe('2026-03-07');
  const first = within(table).getAllByRole('row')[1]!;
  expect(
    within(first)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['2026-03-31', '0', '0', '1']);
  const pages = screen.getByRole('navigation', { name: 'Daily counts pages' });
  await userEvent.click(within(pages).getByRole('button', { name: '4' }));
  expect(dates(table)).toHaveLength(15);
  expect(dates(table).at(-1)).toBe('2026-01-01');
  expect(within(within(table).getAllByRole('row').at(-1)!).getAllByRole('cell')[3]).toHaveTextContent('4');

  expect(await screen.findByText('No company has installed this app yet.')).toBeInTheDocument();
  await exportCsv(events, '/developer_apps/a1/installations.csv', {
    developer_app_id: 'a1',
    app_name: 'Field Sync',
  });
});

test('developer: no user e-mail in the install feed', async () => {
  serveDeveloper({ ...withViews, app_installations: { rows: [], total_count: 1 } }, true, {
    feed: [{ ...installation, user_email_address: null }],
  });
  renderRoute('/developer_apps/a1?tab=metrics');
  const item = (await screen.findByText('Acme Builders')).closest('li')!;
  expect(within(item).getByText('Demo company')).toBeInTheDocument();
  expect(within(item).getByText('INSTALLED')).toBeInTheDocument();
  expect(within(item).queryByText('installer@acme.example')).toBeNull();
});

test('admin: the Metrics tab shows the report without breadcrumbs, with e-mails and its own export', async () => {
  serveAdminApp(adminApp());
  serveFeed('app-1', [installation]);
  const events: unknown[] = [];
  server.use(
    http.get('/api/v1/developer_apps/app-1/metrics', () =>
      HttpResponse.json({
        ...withViews,
        developer_app_id: 'app-1',
        app_installations: { rows: [installation], total_count: 1 },
      }),
    ),
    analyticsInto(events),
  );
  renderRoute('/admin/developer_apps/app-1');
  await userEvent.click(await screen.findByRole('tab', { name: 'Metrics' }));
  expect(await screen.findByRole('group', { name: 'Total Marketplace Visits' })).toHaveTextContent('7');
  await screen.findByText('Acme Builders');
  // The heading only: no breadcrumb names the report in the admin view.
  expect(screen.getAllByText('App Engagement Report')).toHaveLength(1);
  const item = screen.getByText('Acme Builders').closest('li')!;
  expect(within(item).getByText('installer@acme.example')).toBeInTheDocument();
  expect(within(item).getByText('Demo company')).toBeInTheDocument();
  expect(
    within(item).getByText(new Date(installation.procore_updated_at).toLocaleString()),
  ).toBeInTheDocument();
  expect(within(item).getByText('INSTALLED')).toBeInTheDocument();
  await exportCsv(events, '/admin/developer_apps/app-1/installations.csv', {
    developer_app_id: 'app-1',
    app_name: 'Crane Log',
  });
});

test('with no data at all: noMetricsAvailable instead of the chart and table', async () => {
  serveAdminApp(adminApp());
  serveFeed('app-1', []);
  server.use(http.get('/api/v1/developer_apps/app-1/metrics', () => HttpResponse.json(empty)));
  renderRoute('/admin/developer_apps/app-1');
  await userEvent.click(await screen.findByRole('tab', { name: 'Metrics' }));
  expect(await screen.findByText('No metrics available for this app yet.')).toBeInTheDocument();
  expect(screen.queryByRole('table', { name: 'Daily counts' })).toBeNull();
  expect(screen.queryByRole('group', { name: 'Total Marketplace Visits' })).toBeNull();
  expect(screen.getByRole('link', { name: 'Export CSV' })).toBeInTheDocument();
});

test('the chart counts in whole steps: with one view the y-axis ticks are whole numbers, none like 0.25', async () => {
  serveDeveloper({
    ...empty,
    daily_marketplace_app_views_aggregates: { rows: [{ date: '2026-03-31', count: 1 }], total_count: 1 },
  });
  renderRoute('/developer_apps/a1?tab=metrics');
  const chart = await screen.findByRole('img', { name: 'Daily app installations and marketplace app views' });
  const ticks = await waitFor(() => {
    const values = Array.from(
      chart.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value'),
      (tick) => tick.textContent,
    );
    expect(values.length).toBeGreaterThan(1);
    return values;
  });
  expect(ticks).toContain('1');
  for (const tick of ticks) expect(tick).toMatch(/^\d+$/);
});
