import { createTheme, type MantineColorsTuple, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiRequestError } from '../lib/api.ts';
import { NotificationsHost } from './notifications-host.tsx';

/**
 * The brand orange. Mantine's own orange-6 (#fd7e14) reads at 2.57:1 on white, so shades 6–9 are a
 * burnt orange: text in the primary colour and white text on filled buttons both reach ≥ 5:1 (WCAG AA
 * asks 4.5:1); the light tints 0–5 stay Mantine's. It keeps the name `orange` so every `color="orange"`
 * in the features gets it.
 */
export const brandOrange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#c2410c',
  '#ad3a0a',
  '#9a3412',
  '#7c2d12',
];

export const theme = createTheme({
  primaryColor: 'orange',
  primaryShade: 6,
  colors: { orange: brandOrange },
  fontFamily: 'Helvetica, Arial, sans-serif',
});

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // 4xx answers are final; retry only what may be transient.
        retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

const queryClient = createQueryClient();

export function AppProviders({
  children,
  client = queryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return (
    <QueryClientProvider client={client}>
      <MantineProvider theme={theme}>
        <NotificationsHost />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
