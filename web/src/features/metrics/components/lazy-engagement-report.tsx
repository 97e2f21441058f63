import { Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { importWithRetry } from '../../../app/lazy.ts';
import type { EngagementReportProps } from '../pages/engagement-report.tsx';

// Its own chunk: the chart library (recharts) loads only when a Metrics tab opens.
const EngagementReport = lazy(() =>
  importWithRetry(() => import('../pages/engagement-report.tsx')).then((module) => ({
    default: module.EngagementReport,
  })),
);

/** The engagement report from its own chunk, with a loading line until it arrives. */
export function LazyEngagementReport(props: EngagementReportProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Text c="dimmed" aria-busy="true">
          {t('common.loading')}
        </Text>
      }
    >
      <EngagementReport {...props} />
    </Suspense>
  );
}
