import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { AppProviders, createQueryClient } from './providers.tsx';

test('toasts show at the bottom right, clear of the top navigation', async () => {
  render(
    <AppProviders client={createQueryClient()}>
      <p>page</p>
    </AppProviders>,
  );
  act(() => {
    notifications.show({ message: 'Saved', autoClose: false });
  });
  const toast = await screen.findByText('Saved');
  expect(toast.closest('[data-position]')).toHaveAttribute('data-position', 'bottom-right');
  act(() => notifications.clean());
});
