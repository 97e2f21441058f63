import type { ChangelogEntry } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { expectLink } from '../../test/links.ts';
import { renderRoute } from '../../test/render.tsx';
import { admin, configHandler, runtimeConfig, server } from '../../test/server.ts';

function entry(overrides: Partial<ChangelogEntry> = {}): ChangelogEntry {
  return {
    id: overrides.id ?? 'e1',
    summary: 'Projects v1.1',
    description: 'The v1.1 project list.',
    endpoint: 'GET /rest/v1.1/projects',
    type: 'new',
    breaking: false,
    datestamp: '2025-12-02',
    versions: ['v1.1', 'v1.0'],
    link: 'endpoints/list-projects-v11',
    visibility: 'public',
    ...overrides,
  };
}

/** The CSRF token header of each changelog request, in order. */
const tokens: Array<string | null> = [];

/** The changelog endpoint; every request's URL is kept. */
function changelog(rows: ChangelogEntry[], seen: URL[]) {
  server.use(
    http.get('/api/v1/resource_groups/rest', ({ request }) => {
      seen.push(new URL(request.url));
      tokens.push(request.headers.get('x-csrf-token'));
      return HttpResponse.json(rows, { headers: { Total: String(rows.length), 'Per-Page': '50' } });
    }),
  );
}

describe('changelog page (spec developer-apps §2)', () => {
  test('cards: date YYYY-MM, smallest version +, link to the endpoint page; page 1, per_page 50', async () => {
    const seen: URL[] = [];
    changelog(
      [
        entry(),
        entry({ id: 'e2', breaking: true, type: 'refinement', summary: 'Draft observations hidden' }),
      ],
      seen,
    );
    renderRoute('/reference/rest/changelog');
    const card = (await screen.findByText('Projects v1.1')).closest('article')!;
    expect(within(card as HTMLElement).getByText('2025-12')).toBeInTheDocument();
    expect(within(card as HTMLElement).getByText('v1.0+')).toBeInTheDocument();
    expectLink(within(card as HTMLElement), 'Projects v1.1', '/reference/rest/endpoints/list-projects-v11');
    expect(screen.getByText('Breaking')).toBeInTheDocument();
    expect(seen[0]!.searchParams.get('page')).toBe('1');
    expect(seen[0]!.searchParams.get('per_page')).toBe('50');
    // Spec developer-apps §7: the changelog call sends the CSRF token header, GET as it is.
    expect(tokens.at(-1)).toBe('csrf-test');
  });

  test('type checkboxes and Breaking (only) go in the URL and the request; search waits 500 ms', async () => {
    const seen: URL[] = [];
    changelog([entry()], seen);
    const { router } = renderRoute('/reference/rest/changelog');
    await screen.findByText('Projects v1.1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Deprecated' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Breaking (only)' }));
    await waitFor(() => expect(router.state.location.search).toContain('filters%5Bbreaking%5D=true'));
    expect(new URLSearchParams(router.state.location.search).getAll('filters[type][]')).toEqual([
      'deprecated',
    ]);
    const last = () => seen.at(-1)!.searchParams;
    await waitFor(() => expect(last().getAll('filters[type][]')).toEqual(['deprecated']));
    expect(last().get('filters[breaking]')).toBe('true');
    const before = seen.length;
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'projects');
    expect(seen.length).toBe(before);
    await waitFor(() => expect(last().get('filters[search]')).toBe('projects'), { timeout: 2000 });
  });

  test('filters in the URL are read back (a reload keeps them)', async () => {
    const seen: URL[] = [];
    changelog([entry()], seen);
    renderRoute(
      '/reference/rest/changelog?filters[type][]=sunset&filters[breaking]=true&filters[search]=weather',
    );
    await screen.findByText('Projects v1.1');
    expect(screen.getByRole('checkbox', { name: 'Sunset' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Breaking (only)' })).toBeChecked();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('weather');
    expect(seen[0]!.searchParams.get('filters[search]')).toBe('weather');
  });

  test('nothing found, and a failed load logs a warning and shows the empty list', async () => {
    changelog([], []);
    renderRoute('/reference/rest/changelog');
    expect(
      await screen.findByText(
        'Nothing found. Use the filters on the left to select the changelog types to display.',
      ),
    ).toBeInTheDocument();
  });

  test('a failed load logs a warning and shows the empty list', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(
      http.get('/api/v1/resource_groups/rest', () => HttpResponse.json({ message: 'x' }, { status: 500 })),
    );
    renderRoute('/reference/rest/changelog');
    expect(await screen.findByText(/^Nothing found\./)).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('The changelog could not be loaded', expect.anything());
    warn.mockRestore();
  });

  test('employees and admins get the branch switcher; developers do not', async () => {
    changelog([entry()], []);
    renderRoute('/reference/rest/changelog');
    await screen.findByText('Projects v1.1');
    expect(screen.queryByLabelText('Branch')).not.toBeInTheDocument();
  });

  test('an admin switches the branch', async () => {
    const seen: URL[] = [];
    server.use(
      configHandler(runtimeConfig({ user: admin })),
      http.get('/api/v1/resource_groups/rest/branches', () =>
        HttpResponse.json({ branches: ['main', 'next'], default: 'main' }),
      ),
    );
    changelog([entry()], seen);
    renderRoute('/reference/rest/changelog');
    await screen.findByText('Projects v1.1');
    await userEvent.click(screen.getAllByLabelText('Branch')[0]!);
    await userEvent.click(await screen.findByRole('option', { name: 'next' }));
    await waitFor(() => expect(seen.at(-1)!.searchParams.get('custom_service_sha')).toBe('next'));
  });
});

describe('endpoint page and guides', () => {
  const doc = {
    openapi: '3.0.3',
    info: { title: 'x', version: 'v1.0' },
    paths: {
      '/rest/v1.0/projects': {
        get: {
          operationId: 'listProjects',
          summary: 'List projects',
          deprecated: true,
          parameters: [{ name: 'company_id', in: 'query', required: true, schema: { type: 'integer' } }],
          responses: {
            200: {
              description: 'OK',
              content: {
                'application/json': {
                  schema: { type: 'array', items: { $ref: '#/components/schemas/Project' } },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Project: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer' }, name: { type: 'string' } },
        },
      },
    },
  };

  test('the operation, its parameters, the response schema tree, an example and a curl line', async () => {
    server.use(http.get('/api/v1/resource_groups/rest/document', () => HttpResponse.json(doc)));
    renderRoute('/reference/rest/endpoints/list-projects');
    expect(await screen.findByRole('heading', { level: 1, name: 'List projects' })).toBeInTheDocument();
    expect(screen.getByText('Deprecated')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'company_id' })).toBeInTheDocument();
    expect(screen.getByText('array of Project')).toBeInTheDocument();
    expect(screen.getByLabelText('curl')).toHaveTextContent(
      /^curl -X GET '.*\/rest\/v1\.0\/projects' -H 'Authorization: Bearer \$ACCESS_TOKEN'$/,
    );
    expect(screen.getByLabelText('Example response')).toHaveTextContent('"id": 0');
  });

  test('a guide renders its markdown', async () => {
    server.use(
      http.get('/api/v1/guides/building-apps-define-manifest', () =>
        HttpResponse.json({
          slug: 'building-apps-define-manifest',
          title: "Define your app's manifest",
          markdown: '## Format 4.1\n\nText <script>x</script>',
        }),
      ),
    );
    renderRoute('/documentation/building-apps-define-manifest');
    expect(
      await screen.findByRole('heading', { level: 1, name: "Define your app's manifest" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Format 4.1' })).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
  });
});
