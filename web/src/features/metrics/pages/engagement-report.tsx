import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TextSkeleton } from '../../../components/skeletons.tsx';
import { errorsJoined } from '../../../lib/api.ts';
import { appMetricsQuery, hasNoData, metricsDays } from '../api.ts';
import { DailyCountsTable } from '../components/daily-counts-table.tsx';
import { ExportCsvButton } from '../components/export-csv-button.tsx';
import { InstallFeed } from '../components/install-feed.tsx';
import { KpiCard } from '../components/kpi-card.tsx';
import { MetricsChart } from '../components/metrics-chart.tsx';

export type EngagementReportProps = {
  appId: string;
  appName: string;
  /** The app page the report sits on; the CSV is `{appPage}/installations.csv` (spec admin §7). */
  appPage: string;
  /** The install feed shows the installing user's e-mail in the admin view only (spec admin §6). */
  showEmails: boolean;
};

/**
 * The App Engagement Report (spec admin §2) over the last 90 days: KPI cards, the chart of both
 * daily series, the daily counts table and the install feed; `noMetricsAvailable` when there is
 * nothing to show. The developer's tab and the admin's tab both render it.
 */
export function EngagementReport({ appId, appName, appPage, showEmails }: EngagementReportProps) {
  const { t } = useTranslation();
  const query = useQuery(appMetricsQuery(appId));
  const metrics = query.data;
  const body = () => {
    if (query.isPending) return <TextSkeleton />;
    if (!metrics)
      return (
        <Text c="red" role="alert">
          {errorsJoined(query.error, t('errors.generic'))}
        </Text>
      );
    if (hasNoData(metrics)) return <Text c="dimmed">{t('metrics.noMetricsAvailable')}</Text>;
    const days = metricsDays(metrics);
    return (
      <>
        <Text size="sm" c="dimmed">
          {t('metrics.span', { from: metrics.from, to: metrics.to })}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <KpiCard
            label={t('metrics.kpi.visits')}
            value={metrics.daily_marketplace_app_views_aggregates.total_count}
          />
          <KpiCard
            label={t('metrics.kpi.installations')}
            value={metrics.daily_app_installations_aggregates.total_count}
          />
        </SimpleGrid>
        <MetricsChart days={days} />
        <Title order={3}>{t('metrics.table.title')}</Title>
        <DailyCountsTable days={days} />
        <Title order={3}>{t('metrics.feed.title')}</Title>
        <InstallFeed installations={metrics.app_installations.rows} showEmails={showEmails} />
      </>
    );
  };
  return (
    <Stack component="section" aria-labelledby="engagement-report-title">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3" id="engagement-report-title">
          {t('metrics.title')}
        </Title>
        <ExportCsvButton appPage={appPage} appId={appId} appName={appName} />
      </Group>
      {body()}
    </Stack>
  );
}
