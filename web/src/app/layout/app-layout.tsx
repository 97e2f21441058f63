import { Box, Container } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSkeleton } from '../../components/skeletons.tsx';
import { Flash } from '../flash.tsx';
import { TopNav } from './top-nav.tsx';

// A sticky header over the page, which is all of Mantine's AppShell the portal used: AppShell itself
// (navbar, aside, footer and their responsive rules) would cost the first page ~6 kB of compressed JS.
const headerStyle = {
  zIndex: 100,
  borderBottom: '1px solid var(--mantine-color-gray-3)',
  background: 'var(--mantine-color-body)',
} as const;

export function AppLayout() {
  const location = useLocation();
  const flash = (location.state as { flash?: string } | null)?.flash;
  return (
    <>
      <Box component="header" h={60} pos="sticky" top={0} style={headerStyle}>
        <TopNav />
      </Box>
      <Box component="main" p="md">
        {flash && (
          <Container size="md" pt="md">
            <Flash key={location.key} message={flash} />
          </Container>
        )}
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </Box>
    </>
  );
}
