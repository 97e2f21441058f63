import type { AdminNotification, Notification } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, test } from 'vitest';
import { expectLink } from '../../test/links.ts';
import { renderRoute } from '../../test/render.tsx';
import {
  admin,
  configHandler,
  developer,
  pagedHandler,
  runtimeConfig,
  server,
  validationFailed,
} from '../../test/server.ts';
import { summaryText } from './components/summary-text.ts';

const now = new Date().toISOString();

function notification(overrides: Partial<Notification> = {}): Notification {
  const id = overrides.id ?? 'a1';
  return {
    id,
    title: 'API v2 is live',
    summary: 'Read **the changes**.',
    body: '# Changes\n\nMore.',
    created_at: now,
    read_at: null,
    critical: false,
    draft: false,
    show_after: null,
    visible: true,
    visible_by_show_after: true,
    href: `/notifications/${id}`,
    ...overrides,
  };
}

function adminNotification(overrides: Partial<AdminNotification> = {}): AdminNotification {
  return {
    ...notification(overrides),
    updated_at: now,
    author_name: 'Avery Admin',
    reach: { read_count: 3, emails_sent: 5, emails_failed: 1 },
    ...overrides,
  };
}

const signedIn = (user = developer) => server.use(configHandler(runtimeConfig({ user })));
const list = (items: Notification[]) =>
  http.get('/api/v1/notifications', () =>
    HttpResponse.json(items, { headers: { Total: String(items.length), 'Per-Page': '25' } }),
  );
const unread = (count: number) =>
  http.get('/api/v1/notifications/unread_count', () => HttpResponse.json({ unread_count: count }));

describe('summary text', () => {
  test('cuts at 160 characters and drops markdown marks', () => {
    expect(summaryText('x'.repeat(160))).toBe('x'.repeat(160));
    expect(summaryText('x'.repeat(161))).toBe(`${'x'.repeat(160)}...`);
    expect(summaryText('**Bold** and [a link](https://example.com) `code`')).toBe('Bold and a link code');
  });
});

describe('notification bell', () => {
  test('shows the unread count and the 3 newest, opening to the west', async () => {
    signedIn();
    server.use(
      unread(2),
      list([
        notification({ id: 'a1', title: 'First', created_at: '2026-03-07T12:00:00Z' }),
        notification({ id: 'a2', title: 'Second' }),
        notification({ id: 'a3', title: 'Third', read_at: now }),
      ]),
    );
    renderRoute('/');
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await userEvent.click(bell);
    // The popover and the markdown pipeline are a chunk loaded on this first click.
    const items = await screen.findAllByTestId('bell-item', {}, { timeout: 5000 });
    const dialog = items[0]!.parentElement!;
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('First')).toBeInTheDocument();
    expect(within(items[0]!).getByText('3/7/26')).toBeInTheDocument();
    expect(within(items[0]!).getByText('the changes').tagName).toBe('STRONG');
    expect(within(items[0]!).getByRole('link', { name: 'Learn More', hidden: true })).toHaveAttribute(
      'href',
      '/notifications/a1',
    );
    expect(within(dialog).getByRole('link', { name: 'See All Announcements', hidden: true })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  test('is not shown to anonymous visitors', async () => {
    renderRoute('/');
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
  });
});

describe('list page', () => {
  test('cards link to the reader, with relative time, truncated summary and unread highlight', async () => {
    signedIn();
    server.use(
      unread(1),
      list([
        notification({ id: 'a1', title: 'Unread one', summary: 'y'.repeat(200) }),
        notification({ id: 'a2', title: 'Read one', read_at: now }),
      ]),
    );
    renderRoute('/notifications');
    expect(await screen.findByRole('heading', { name: 'Notifications', level: 1 })).toBeInTheDocument();
    // The bell's "See All Announcements" lands here, and the page says it holds them.
    expect(screen.getByText('All announcements, newest first.')).toBeInTheDocument();
    // Each card's title is the next heading level under the page's h1.
    expect(await screen.findByRole('heading', { name: 'Unread one', level: 2 })).toBeInTheDocument();
    const unreadCard = (await screen.findByText('Unread one')).closest('a')!;
    expect(unreadCard).toHaveAttribute('href', '/notifications/a1');
    expect(unreadCard).toHaveAttribute('data-unread', 'true');
    expect(within(unreadCard).getByText(`${'y'.repeat(160)}...`)).toBeInTheDocument();
    expect(within(unreadCard).getByText('Read More')).toBeInTheDocument();
    expect(within(unreadCard).getByText(/seconds? ago$/)).toBeInTheDocument();
    const readCard = screen.getByText('Read one').closest('a')!;
    expect(readCard).toHaveAttribute('data-unread', 'false');
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeInTheDocument();
  });

  test('shows Loading... then the empty state', async () => {
    signedIn();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      unread(0),
      http.get('/api/v1/notifications', async () => {
        await gate;
        return HttpResponse.json([], { headers: { Total: '0', 'Per-Page': '25' } });
      }),
    );
    renderRoute('/notifications');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('No Notifications.')).toBeInTheDocument();
    expect(screen.getByText('Check back later.')).toBeInTheDocument();
  });

  test('Mark all as read calls the API', async () => {
    signedIn();
    let called = false;
    server.use(
      unread(1),
      list([notification()]),
      http.post('/api/v1/notifications/read_all', () => {
        called = true;
        return HttpResponse.json({ marked: 1 });
      }),
    );
    renderRoute('/notifications');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(called).toBe(true));
  });
});

describe('reader page', () => {
  test('shows the body and marks an unread one read', async () => {
    signedIn();
    let patched = 0;
    const body = '## Details\n\n<script>window.__xss=1</script>\n\n[bad](javascript:alert(1))';
    server.use(
      unread(1),
      http.get('/api/v1/notifications/a1', () => HttpResponse.json(notification({ body }))),
      http.patch('/api/v1/notifications/a1', () => {
        patched++;
        return HttpResponse.json(notification({ body, read_at: now }));
      }),
    );
    const { container } = renderRoute('/notifications/a1');
    expect(await screen.findByRole('heading', { name: 'API v2 is live' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Details' })).toBeInTheDocument();
    expectLink(screen, 'Back to Notifications', '/notifications');
    await waitFor(() => expect(patched).toBe(1));
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByText('bad').closest('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/);
  });

  test('a failed mark-as-read keeps the page and says so quietly', async () => {
    signedIn();
    server.use(
      unread(1),
      http.get('/api/v1/notifications/a1', () => HttpResponse.json(notification())),
      http.patch('/api/v1/notifications/a1', () =>
        HttpResponse.json({ message: 'boom', errors: [], code: 'internal' }, { status: 500 }),
      ),
    );
    renderRoute('/notifications/a1');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We could not mark this notification as read.',
    );
    expect(screen.getByRole('heading', { name: 'API v2 is live' })).toBeInTheDocument();
  });
});

describe('admin list', () => {
  test('table with ticks and crosses, rows to the edit page, create button', async () => {
    signedIn(admin);
    server.use(
      unread(0),
      http.get('/api/v1/admin/notifications', () =>
        HttpResponse.json(
          [
            adminNotification({ id: 'v1', title: 'Visible one', critical: true }),
            adminNotification({ id: 'd1', title: 'Draft one', draft: true, visible: false }),
            adminNotification({ id: 's1', title: 'Scheduled', visible: false, visible_by_show_after: false }),
          ],
          { headers: { Total: '3', 'Per-Page': '50' } },
        ),
      ),
    );
    renderRoute('/admin/notifications');
    expect(await screen.findByRole('link', { name: 'Visible one' })).toHaveAttribute(
      'href',
      '/admin/notifications/v1/edit',
    );
    for (const name of ['Title', 'Summary', 'Visible', 'Critical']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    const visible = screen
      .getAllByTestId('visible')
      .map((cell) => within(cell).getByRole('img').getAttribute('aria-label'));
    expect(visible).toEqual(['Yes', 'No', 'No']);
    const critical = screen
      .getAllByTestId('critical')
      .map((cell) => within(cell).getByRole('img').getAttribute('aria-label'));
    expect(critical).toEqual(['Yes', 'No', 'No']);
    expectLink(screen, 'Create Notification', '/admin/notifications/new');
    expect(screen.getByText('5 / 1')).toBeInTheDocument();
  });

  test('a failed load shows An error occurred', async () => {
    signedIn(admin);
    server.use(
      unread(0),
      http.get('/api/v1/admin/notifications', () =>
        HttpResponse.json({ message: 'nope', errors: [], code: 'internal' }, { status: 500 }),
      ),
    );
    renderRoute('/admin/notifications');
    expect(await screen.findByText('An error occurred')).toBeInTheDocument();
  });
});

describe('admin form', () => {
  test('critical clears and disables draft and show-after, and asks first', async () => {
    signedIn(admin);
    let posted: unknown;
    server.use(
      unread(0),
      http.get('/api/v1/admin/notifications', () =>
        HttpResponse.json([], { headers: { Total: '0', 'Per-Page': '50' } }),
      ),
      http.post('/api/v1/admin/notifications', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json(adminNotification({ critical: true }), { status: 201 });
      }),
    );
    const { router } = renderRoute('/admin/notifications/new');
    await userEvent.type(await screen.findByRole('textbox', { name: /Title/ }), 'Rotate keys');
    await userEvent.type(screen.getByRole('textbox', { name: /Summary/ }), 'Now');
    await userEvent.type(screen.getByRole('textbox', { name: /Body/ }), 'Please');
    await userEvent.click(screen.getByRole('checkbox', { name: /Draft/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /Show after/ }), '2030-01-01');
    await userEvent.click(screen.getByRole('checkbox', { name: /Critical/ }));
    expect(screen.getByRole('checkbox', { name: /Draft/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /Draft/ })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: /Show after/ })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /Show after/ })).toHaveValue('');
    expect(screen.getByRole('link', { name: 'Markdown help' })).toHaveAttribute('target', '_blank');

    await userEvent.click(screen.getByRole('button', { name: 'Notify' }));
    expect(
      await screen.findByText(
        'You are about to create a critical notification which will cause emails to be sent out to those subscribed. Do you wish to continue?',
      ),
    ).toBeInTheDocument();
    expect(posted).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/notifications'));
    expect(posted).toMatchObject({ title: 'Rotate keys', critical: true, draft: false, show_after: '' });
  });

  test('the preview follows typing, with placeholders when empty', async () => {
    signedIn(admin);
    server.use(unread(0));
    renderRoute('/admin/notifications/new');
    const preview = await screen.findByTestId('preview');
    expect(within(preview).getAllByTestId('title-placeholder')).toHaveLength(2);
    await userEvent.type(screen.getByRole('textbox', { name: /Title/ }), 'Hello');
    expect(
      within(screen.getByTestId('preview-unread')).getByRole('heading', { name: 'Hello', level: 3 }),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('preview-read')).getByText('Hello')).toBeInTheDocument();
    expect(within(preview).queryAllByTestId('title-placeholder')).toHaveLength(0);
  });

  test('a failed save shows the errors list in the panel and at the field', async () => {
    signedIn(admin);
    server.use(
      unread(0),
      http.post('/api/v1/admin/notifications', () =>
        validationFailed({
          message: 'Validation failed',
          errors: ['Title is required', 'Show after must be a real date in the format YYYY-MM-DD'],
          fields: { show_after: ['Show after must be a real date in the format YYYY-MM-DD'] },
        }),
      ),
    );
    renderRoute('/admin/notifications/new');
    await userEvent.click(await screen.findByRole('button', { name: 'Notify' }));
    const alert = (await screen.findByText('An error occurred')).closest('[role="alert"]')!;
    expect(alert).toHaveTextContent('Title is required');
    expect(screen.getByRole('textbox', { name: /Show after/ })).toHaveAccessibleDescription(
      /Show after must be a real date/,
    );
  });

  test('edit: critical is disabled, Update and Delete (with confirmation) return to the list', async () => {
    signedIn(admin);
    let deleted = false;
    server.use(
      unread(0),
      http.get('/api/v1/admin/notifications/e1', () => HttpResponse.json(adminNotification({ id: 'e1' }))),
      http.get('/api/v1/admin/notifications', () =>
        HttpResponse.json([], { headers: { Total: '0', 'Per-Page': '50' } }),
      ),
      http.delete('/api/v1/admin/notifications/e1', () => {
        deleted = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router } = renderRoute('/admin/notifications/e1/edit');
    expect(await screen.findByRole('textbox', { name: /Title/ })).toHaveValue('API v2 is live');
    expect(screen.getByRole('checkbox', { name: /Critical/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Are you sure you wish to delete this notification?')).toBeInTheDocument();
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/notifications'));
    expect(deleted).toBe(true);
  });
});

test('the notifications list uses the same controls', async () => {
  server.use(configHandler(runtimeConfig({ user: developer })));
  const seen: URL[] = [];
  const numbered = (n: number) =>
    notification({ id: `n${n}`, title: `Notice ${n}`, href: `/notifications/n${n}` });
  server.use(
    pagedHandler(
      '/api/v1/notifications',
      Array.from({ length: 30 }, (_, i) => numbered(i + 1)),
      seen,
    ),
  );
  renderRoute('/notifications');
  expect(await screen.findByText('Notice 1')).toBeInTheDocument();
  await userEvent.click(
    within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: '2' }),
  );
  expect(await screen.findByText('Notice 26')).toBeInTheDocument();
  expect(seen.at(-1)?.searchParams.get('cursor')).toBe('after-1');
});
