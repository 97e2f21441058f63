import { Suspense } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ShellSkeleton } from '../components/skeletons.tsx';
import { routes } from './routes.tsx';

const router = createBrowserRouter(routes);

/** The shell's skeleton stands in while the runtime config (GET /api/v1/config) loads. */
export function AppRouter() {
  return (
    <Suspense fallback={<ShellSkeleton />}>
      <RouterProvider router={router} />
    </Suspense>
  );
}
