import { Button, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card.tsx';
import { TextSkeleton } from '../../../components/skeletons.tsx';
import { errorsJoined } from '../../../lib/api.ts';
import { usageCsvUrl, usageDailyQuery } from '../api.ts';
import { UsageChart } from './usage-chart.tsx';
import { UsageTable } from './usage-table.tsx';

/**
 * The app page's "API usage" panel (issue 26): the app's platform API calls of the last 30 days as a
 * chart by outcome, every counted day, route, method and code as a paged table, and the CSV.
 */
export function ApiUsagePanel({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const daily = useQuery(usageDailyQuery(appId));
  const body = () => {
    if (daily.isPending) return <TextSkeleton />;
    if (!daily.data)
      return (
        <Text c="red" role="alert">
          {errorsJoined(daily.error, t('errors.generic'))}
        </Text>
      );
    return (
      <>
        <Text size="sm" c="dimmed">
          {t('usage.span', { count: daily.data.total, from: daily.data.from, to: daily.data.to })}
        </Text>
        {daily.data.total > 0 && <UsageChart days={daily.data.days} />}
        <UsageTable appId={appId} />
      </>
    );
  };
  return (
    <SectionCard id="api-usage-title" title={t('usage.title')}>
      <Group justify="space-between" wrap="wrap" align="flex-start">
        <Text size="sm" maw={560}>
          {t('usage.intro')}
        </Text>
        <Button
          component="a"
          href={usageCsvUrl(appId)}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          {t('usage.downloadCsv')}
        </Button>
      </Group>
      {body()}
    </SectionCard>
  );
}
