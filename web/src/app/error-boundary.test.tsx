import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, test, vi } from 'vitest';
import { RouteErrorBoundary } from './error-boundary.tsx';
import { ChunkLoadError } from './lazy.ts';
import { AppProviders } from './providers.tsx';

function renderThrowing(error: unknown) {
  const Broken = () => {
    throw error;
  };
  const router = createMemoryRouter([{ path: '/', Component: Broken, errorElement: <RouteErrorBoundary /> }]);
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

test('a crashing page shows the global error message', async () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => {});
  renderThrowing(new Error('boom'));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'The application has encountered an error. It has been logged and reported.',
  );
  expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
  log.mockRestore();
});

test('a chunk that cannot load asks for a reload', async () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => {});
  renderThrowing(new ChunkLoadError(new TypeError('Failed to fetch')));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Error loading JavaScript module bundle. Please reload the page.',
  );
  log.mockRestore();
});
