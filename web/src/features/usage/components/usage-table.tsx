import { Code, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { QueryFirstLoad } from '../../../components/skeletons.tsx';
import { SortableTh } from '../../../components/sortable-th.tsx';
import { useListState } from '../../../components/use-list-params.ts';
import { usageRowsQuery } from '../api.ts';

/**
 * The usage rows on the list pattern: one row per day, response code, method and route with its
 * count, paged by the server, newest day first; Date and Count sort (a third click: back to newest
 * first). Page and sort live in the panel's state: the app page has other lists.
 */
export function UsageTable({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const list = useListState();
  const [sort, setSort] = useState('');
  const query = useQuery(usageRowsQuery(appId, sort || '-date', list.page, list.cursor));
  const onSort = (next: string) => {
    setSort(next);
    list.goTo(1, query.data);
  };
  if (!query.data) return <QueryFirstLoad query={query} />;
  if (query.data.total === 0 && !sort) return <Text c="dimmed">{t('usage.empty')}</Text>;
  return (
    <Stack gap="xs">
      <DataTable
        minWidth={560}
        striped
        aria-label={t('usage.table.label')}
        rows={query.data.items}
        columns={[
          {
            label: t('usage.table.date'),
            header: (
              <SortableTh sortKey="date" sort={sort} onSort={onSort}>
                {t('usage.table.date')}
              </SortableTh>
            ),
            cell: (row) => row.date,
          },
          { label: t('usage.table.status'), cell: (row) => row.status },
          { label: t('usage.table.method'), cell: (row) => row.method },
          { label: t('usage.table.route'), cell: (row) => <Code>{row.route}</Code> },
          {
            label: t('usage.table.count'),
            header: (
              <SortableTh sortKey="count" sort={sort} onSort={onSort}>
                {t('usage.table.count')}
              </SortableTh>
            ),
            cell: (row) => row.count.toLocaleString(),
            td: { style: { textAlign: 'right' } },
          },
        ]}
      />
      <ListPagination data={query.data} list={list} label={t('usage.table.pages')} />
    </Stack>
  );
}
