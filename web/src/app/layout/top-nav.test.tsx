import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, test } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import {
  admin,
  configHandler,
  developer,
  runtimeConfig,
  server,
  unreadCountHandler,
} from '../../test/server.ts';

describe('top navigation', () => {
  test('anonymous visitors see Reference and sign-in, not My Apps or Admin', async () => {
    renderRoute('/');
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('button', { name: 'Reference' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My Apps' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Admin' })).not.toBeInTheDocument();
  });

  test('a developer sees My Apps but no Admin menu', async () => {
    server.use(configHandler(runtimeConfig({ user: developer })));
    renderRoute('/');
    expect(await screen.findByRole('link', { name: 'My Apps' })).toHaveAttribute('href', '/developer_apps');
    expect(screen.queryByRole('button', { name: 'Admin' })).not.toBeInTheDocument();
  });

  test('an admin sees the Admin menu with the outbox', async () => {
    server.use(configHandler(runtimeConfig({ user: admin })));
    renderRoute('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Admin' }));
    expect(
      await screen.findByRole('menuitem', { name: 'Outbox', hidden: true }, { timeout: 3000 }),
    ).toHaveAttribute('href', '/admin/outbox');
  });

  test('the Reference menu has Rest API and the external link', async () => {
    renderRoute('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Reference' }));
    const external = await screen.findByRole('menuitem', { name: 'Construction Network API', hidden: true });
    const rest = screen.getByRole('menuitem', { name: 'Rest API', hidden: true });
    expect(rest).toHaveAttribute('href', '/reference/rest/docs/rest-api-overview');
    expect(rest).not.toHaveAttribute('target');
    expect(external).toHaveAttribute('href', 'https://example.com/developers');
  });

  test('the restricted-government build hides the external link and opens Rest API in a new tab', async () => {
    server.use(configHandler(runtimeConfig({ restricted_government: true })));
    renderRoute('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Reference' }));
    // Mantine's menu can close again within the same tick in jsdom; the items' attributes are what count here
    // (the e2e suite opens the real menu in Chromium).
    expect(await screen.findByRole('menuitem', { name: 'Rest API', hidden: true })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(
      screen.queryByRole('menuitem', { name: 'Construction Network API', hidden: true }),
    ).not.toBeInTheDocument();
  });

  test('the bell is a button that opens a dialog, with valid ARIA before and after it loads', async () => {
    server.use(
      configHandler(runtimeConfig({ user: developer })),
      unreadCountHandler(2),
      http.get('/api/v1/notifications', () => HttpResponse.json([])),
    );
    const { container } = renderRoute('/');
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    // Only the button may say whether a popup is expanded (an Indicator <div> with it is invalid ARIA).
    const expandables = () => [...container.querySelectorAll('[aria-expanded]')].map((el) => el.tagName);
    expect(expandables().every((tag) => tag === 'BUTTON')).toBe(true);

    await userEvent.click(bell);
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Notifications, 2 unread', hidden: true },
      { timeout: 5000 },
    );
    const opened = screen.getByRole('button', { name: 'Notifications, 2 unread' });
    expect(opened).toHaveAttribute('aria-expanded', 'true');
    expect(opened).toHaveAttribute('aria-haspopup', 'dialog');
    expect(opened).toHaveAttribute('aria-controls', dialog.id);
    expect(await within(dialog).findByText('No Notifications.')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelectorAll('[aria-expanded]')).toHaveLength(1));
  });

  test('an unknown URL shows the 404 page', async () => {
    renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('narrow layout', () => {
  test('below 1100 px the links move into a menu drawer', async () => {
    window.innerWidth = 900;
    try {
      server.use(configHandler(runtimeConfig({ user: developer })));
      renderRoute('/');
      await userEvent.click(await screen.findByRole('button', { name: 'Open navigation' }));
      expect(await screen.findByRole('link', { name: 'My Apps' })).toBeVisible();
    } finally {
      window.innerWidth = 1280;
    }
  });
});
