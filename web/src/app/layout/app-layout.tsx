import { AppShell, Center, Container, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Flash } from '../flash.tsx';
import { TopNav } from './top-nav.tsx';

export function AppLayout() {
  const location = useLocation();
  const flash = (location.state as { flash?: string } | null)?.flash;
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <TopNav />
      </AppShell.Header>
      <AppShell.Main>
        {flash && (
          <Container size="md" pt="md">
            <Flash key={location.key} message={flash} />
          </Container>
        )}
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-label="Loading" />
            </Center>
          }
        >
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
