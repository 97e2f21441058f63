import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { TableSkeleton } from '../../../components/skeletons.tsx';
import { SortableTh } from '../../../components/sortable-th.tsx';
import type { ListParams } from '../../../components/use-list-params.ts';
import type { Page } from '../../../lib/api.ts';
import { ListError } from './list-error.tsx';

/** One column: its header, the sort key when it sorts (spec admin §4), and what a row shows in it. */
export type AdminColumn<T> = Column<T> & { sortKey?: string };

/**
 * What every admin list shows under its filters (spec admin §2, §4, §5, §8): "An error occurred" on
 * failure, pagination at the top and the bottom, a skeleton while the first page loads, the empty
 * text, and the table of `columns` — sortable headers cycle the URL's `sort` (back to page 1).
 */
export function AdminListBody<T extends { id: string }>({
  query,
  list,
  minWidth,
  columns,
  emptyText,
}: {
  query: UseQueryResult<Page<T>>;
  list: ListParams<'sort'>;
  minWidth: number;
  columns: AdminColumn<T>[];
  emptyText?: string;
}) {
  const { t } = useTranslation();
  const onSort = (sort: string) => list.setFilter('sort', sort);
  return (
    <>
      {query.isError && <ListError />}
      <ListPagination data={query.data} list={list} label={t('adminLists.pagesTop')} />
      {query.isPending ? (
        <TableSkeleton />
      ) : query.data?.items.length === 0 ? (
        <Text>{emptyText ?? t('adminLists.empty')}</Text>
      ) : (
        query.data && (
          <DataTable
            minWidth={minWidth}
            highlightOnHover
            striped
            rows={query.data.items}
            columns={columns.map((column) =>
              column.sortKey
                ? {
                    ...column,
                    header: (
                      <SortableTh sortKey={column.sortKey} sort={list.filters.sort} onSort={onSort}>
                        {column.label}
                      </SortableTh>
                    ),
                  }
                : column,
            )}
          />
        )
      )}
      <ListPagination data={query.data} list={list} label={t('adminLists.pagesBottom')} />
    </>
  );
}
