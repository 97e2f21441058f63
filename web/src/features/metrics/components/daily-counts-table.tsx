import { Group, Pagination, Stack } from '@mantine/core';
import { METRICS_DAYS_PER_PAGE } from '@portal/contracts/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import type { MetricsDay } from '../api.ts';

/**
 * Every day of the span with its counts, newest first (the days a reader asks about most), 25 days
 * a page (spec admin §9); months for a long all-time range. Paged here: the whole span is already in
 * the one metrics answer.
 */
export function DailyCountsTable({ days, monthly = false }: { days: MetricsDay[]; monthly?: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const newestFirst = [...days].reverse();
  const pages = Math.max(1, Math.ceil(newestFirst.length / METRICS_DAYS_PER_PAGE));
  const current = Math.min(page, pages);
  const rows = newestFirst.slice((current - 1) * METRICS_DAYS_PER_PAGE, current * METRICS_DAYS_PER_PAGE);
  return (
    <Stack gap="xs">
      <DataTable
        minWidth={420}
        striped
        aria-label={t('metrics.table.title')}
        rows={rows.map((day) => ({ ...day, id: day.date }))}
        columns={[
          {
            label: monthly ? t('metrics.table.month') : t('metrics.table.date'),
            cell: (day) => (monthly ? day.date.slice(0, 7) : day.date),
          },
          { label: t('metrics.series.installations'), cell: (day) => day.installations },
          { label: t('metrics.series.uninstalls'), cell: (day) => day.uninstalls },
          { label: t('metrics.series.views'), cell: (day) => day.views },
        ]}
      />
      {pages > 1 && (
        <Group justify="center" component="nav" aria-label={t('metrics.table.pages')}>
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label':
                control === 'next'
                  ? t('common.next')
                  : control === 'previous'
                    ? t('common.previous')
                    : control,
            })}
          />
        </Group>
      )}
    </Stack>
  );
}
