import { Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { METRICS_RANGES, type MetricsRange } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TextSkeleton } from '../../../components/skeletons.tsx';
import { errorsJoined } from '../../../lib/api.ts';
import { appMetricsQuery, hasNoData, kpis, metricsDays } from '../api.ts';
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
  /** The heading level of the report's title: 1 on its own page, 2 inside a tab. */
  headingOrder?: 1 | 2;
};

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/**
 * The App Engagement Report (spec admin §2) over a range (30, 90, 365 days or all time, kept in the
 * address as `?range=`): KPI cards
 * with their change against the previous period, the chart of both daily series, the daily counts
 * table and the install feed; `noMetricsAvailable` when there is nothing to show. The developer's
 * report page and tab, and the admin's tab, all render it.
 */
export function EngagementReport({
  appId,
  appName,
  appPage,
  showEmails,
  headingOrder = 2,
}: EngagementReportProps) {
  const { t } = useTranslation();
  // The range lives in the address (`?range=365`), so a report can be shared, reloaded and audited
  // as it was seen; anything else there reads as the default 30 days.
  const [params, setParams] = useSearchParams();
  const asked = params.get('range');
  const range: MetricsRange = METRICS_RANGES.find((value) => value === asked) ?? '30';
  const setRange = (value: MetricsRange) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('range', value);
        return next;
      },
      { replace: true },
    );
  const subheading = (headingOrder + 1) as 2 | 3;
  const query = useQuery(appMetricsQuery(appId, range));
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
    const { current, previous } = kpis(metrics);
    const before = (key: keyof typeof current) => (previous ? previous[key] : undefined);
    return (
      <>
        <Text size="sm" c="dimmed" aria-live="polite">
          {t(metrics.bucket === 'month' ? 'metrics.spanMonthly' : 'metrics.span', {
            from: metrics.from,
            to: metrics.to,
          })}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
          <KpiCard
            label={t('metrics.kpi.visits')}
            value={current.visits}
            previous={before('visits')}
            description={t('metrics.kpi.visitsMeaning')}
          />
          <KpiCard
            label={t('metrics.kpi.installations')}
            value={current.installs}
            previous={before('installs')}
          />
          <KpiCard
            label={t('metrics.kpi.uninstalls')}
            value={current.uninstalls}
            previous={before('uninstalls')}
          />
          <KpiCard label={t('metrics.kpi.netInstalls')} value={current.net} previous={before('net')} />
          <KpiCard
            label={t('metrics.kpi.conversion')}
            value={current.conversion}
            previous={before('conversion')}
            format={percent}
            description={t('metrics.kpi.conversionMeaning')}
          />
        </SimpleGrid>
        <MetricsChart days={days} />
        <Title order={subheading}>{t('metrics.table.title')}</Title>
        <DailyCountsTable
          key={`${metrics.from}:${metrics.to}`}
          days={days}
          monthly={metrics.bucket === 'month'}
        />
        <Title order={subheading}>{t('metrics.feed.title')}</Title>
        <InstallFeed appId={appId} showEmails={showEmails} />
      </>
    );
  };
  return (
    <Stack component="section" aria-labelledby="engagement-report-title">
      <Group justify="space-between" wrap="wrap">
        <Title order={headingOrder} size={headingOrder === 1 ? 'h2' : 'h3'} id="engagement-report-title">
          {t('metrics.title')}
        </Title>
        <Group>
          <SegmentedControl
            aria-label={t('metrics.range.label')}
            value={range}
            onChange={(value) => setRange(value as MetricsRange)}
            data={METRICS_RANGES.map((value) => ({ value, label: t(`metrics.range.${value}`) }))}
          />
          <ExportCsvButton appPage={appPage} appId={appId} appName={appName} />
        </Group>
      </Group>
      {body()}
    </Stack>
  );
}
