import { Drawer, Menu, Modal } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { AppProviders } from './providers.tsx';

describe('theme defaults for dialogs and menus', () => {
  test.each([
    ['Modal', Modal],
    ['Drawer', Drawer],
  ])('%s: the close button is named and the header is no banner landmark', async (_name, Dialog) => {
    render(
      <AppProviders>
        <Dialog opened onClose={() => {}} title="Create a New App">
          body
        </Dialog>
      </AppProviders>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Create a New App' });
    expect(dialog).toContainElement(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  test('opening a menu focuses its first item, with no focusable placeholder before it', async () => {
    render(
      <AppProviders>
        <Menu>
          <Menu.Target>
            <button type="button">Account menu</button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item>Settings</Menu.Item>
            <Menu.Item>Sign out</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </AppProviders>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(menu.querySelector('[role="presentation"][tabindex]')).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Settings', hidden: true })).toHaveFocus(),
    );
  });
});
