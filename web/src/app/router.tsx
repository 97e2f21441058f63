import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './routes.tsx';

const router = createBrowserRouter(routes);

export function AppRouter() {
  return (
    <Suspense
      fallback={
        <Center h="100vh">
          <Loader aria-label="Loading" />
        </Center>
      }
    >
      <RouterProvider router={router} />
    </Suspense>
  );
}
