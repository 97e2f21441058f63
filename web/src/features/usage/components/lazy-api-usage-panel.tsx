import { Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { importWithRetry } from '../../../app/lazy.ts';

// Its own chunk: the chart library (recharts) loads with the panel, not with the app page.
const ApiUsagePanel = lazy(() =>
  importWithRetry(() => import('./api-usage-panel.tsx')).then((module) => ({
    default: module.ApiUsagePanel,
  })),
);

/** The API usage panel from its own chunk, with a loading line until it arrives. */
export function LazyApiUsagePanel({ appId }: { appId: string }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Text c="dimmed" aria-busy="true">
          {t('common.loading')}
        </Text>
      }
    >
      <ApiUsagePanel appId={appId} />
    </Suspense>
  );
}
