// Mantine's base layer only; each component's own stylesheet comes with it (mantineComponentCss in
// vite.config.ts), so the first page does not ship the styles of every component in the library.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, queryClient } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { configQuery } from './lib/config.ts';
import './app/i18n.ts';

// Every page waits for the runtime config (the top nav, the guards); asking for it now runs that
// request beside the route's chunk instead of after it. Same retries as when a component asks.
void queryClient.prefetchQuery({ ...configQuery, retry: queryClient.getDefaultOptions().queries?.retry });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
