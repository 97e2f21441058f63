import type { ReviewQueueRow } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, test } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import { admin, configHandler, runtimeConfig, server } from '../../test/server.ts';

/** A queue row of app `id` (owner `{id}@example.com`) with nothing in review but `over`. */
const queueRow = (id: string, internal_name: string, over: Partial<ReviewQueueRow> = {}): ReviewQueueRow => ({
  id,
  internal_name,
  owner: { email: `${id}@example.com` },
  has_marketplace_listing_in_review: false,
  has_app_version_in_review: false,
  has_published_app: false,
  marketplace_listing_in_review_at: null,
  app_version_in_review_at: null,
  has_production_access_request: false,
  production_access_requested_at: null,
  has_marketplace_access_request: false,
  marketplace_access_requested_at: null,
  ...over,
});

const signedIn = () => server.use(configHandler(runtimeConfig({ user: admin })));

describe('review queue', () => {
  test('labels Marketplace / Manifest, new vs update, the later review date; inReview by default', async () => {
    signedIn();
    const rows: ReviewQueueRow[] = [
      queueRow('a', 'Listing App', {
        has_marketplace_listing_in_review: true,
        has_app_version_in_review: true,
        marketplace_listing_in_review_at: '2026-03-01T00:00:00.000Z',
        app_version_in_review_at: '2026-03-04T00:00:00.000Z',
      }),
      queueRow('b', 'Live App', {
        has_app_version_in_review: true,
        has_published_app: true,
        app_version_in_review_at: '2026-02-01T00:00:00.000Z',
      }),
    ];
    const seen: URLSearchParams[] = [];
    server.use(
      http.get('/api/v1/admin/review_queue', ({ request }) => {
        seen.push(new URL(request.url).searchParams);
        return HttpResponse.json(rows, { headers: { Total: '2', 'Per-Page': '50' } });
      }),
    );
    renderRoute('/admin/review_queue');
    await screen.findByRole('link', { name: 'Listing App' });
    expect(seen[0]?.get('filters[in_review]')).toBe('true');
    expect(
      screen
        .getAllByRole('columnheader')
        .map((th) => th.textContent)
        .slice(0, 5),
    ).toEqual(['Name', 'Owner email', 'In Review At', 'In Review', 'Marketplace Listing']);
    const [, first, second] = screen.getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Listing App', 'a@example.com', '2026-03-04', 'MarketplaceManifest', 'new', '']);
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Live App', 'b@example.com', '2026-02-01', 'Manifest', 'update', '']);
  });

  test('production credentials and marketplace access requests: their tags, dates and approval in the queue', async () => {
    signedIn();
    let rows: ReviewQueueRow[] = [
      queueRow('p', 'Needs Keys', {
        has_production_access_request: true,
        production_access_requested_at: '2026-03-05T00:00:00.000Z',
        has_marketplace_access_request: true,
        marketplace_access_requested_at: '2026-03-06T00:00:00.000Z',
      }),
    ];
    const approved: string[] = [];
    server.use(
      http.get('/api/v1/admin/review_queue', () =>
        HttpResponse.json(rows, { headers: { Total: String(rows.length), 'Per-Page': '50' } }),
      ),
      http.post('/api/v1/admin/developer_apps/:id/:request/approve', ({ params }) => {
        approved.push(`${params.id} ${params.request}`);
        rows = [];
        return HttpResponse.json({ ok: true });
      }),
    );
    renderRoute('/admin/review_queue');
    await screen.findByRole('link', { name: 'Needs Keys' });
    const [, row] = screen.getAllByRole('row');
    const cells = within(row!)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells.slice(0, 5)).toEqual([
      'Needs Keys',
      'p@example.com',
      '2026-03-06',
      'Production CredentialsMarketplace Access',
      'new',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Enable marketplace for Needs Keys' }));
    expect(await screen.findByText('Marketplace listing enabled for Needs Keys.')).toBeInTheDocument();
    expect(approved).toEqual(['p marketplace_access']);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Needs Keys' })).not.toBeInTheDocument());
  });

  test("approving production credentials from the queue uses the app page's approval", async () => {
    signedIn();
    const approved: string[] = [];
    server.use(
      http.get('/api/v1/admin/review_queue', () =>
        HttpResponse.json(
          [
            queueRow('k', 'Keys Only', {
              has_production_access_request: true,
              production_access_requested_at: '2026-03-05T00:00:00.000Z',
            }),
          ] satisfies ReviewQueueRow[],
          { headers: { Total: '1', 'Per-Page': '50' } },
        ),
      ),
      http.post('/api/v1/admin/developer_apps/:id/production_access/approve', ({ params }) => {
        approved.push(String(params.id));
        return HttpResponse.json({ ok: true });
      }),
    );
    renderRoute('/admin/review_queue');
    await screen.findByRole('link', { name: 'Keys Only' });
    expect(screen.queryByRole('button', { name: /Enable marketplace for/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve credentials for Keys Only' }));
    expect(await screen.findByText('Production credentials approved for Keys Only.')).toBeInTheDocument();
    expect(approved).toEqual(['k']);
  });
});
