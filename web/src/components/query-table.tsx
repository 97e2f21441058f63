import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '../lib/api.ts';
import { type Column, DataTable } from './data-table.tsx';
import { TableSkeleton } from './skeletons.tsx';

/**
 * A list page's table for its query: a skeleton while the page loads, the empty text when the page
 * has no rows, else the striped table of `columns`.
 */
export function QueryTable<T extends { id: string }>({
  query,
  emptyText,
  minWidth,
  columns,
}: {
  query: UseQueryResult<Page<T>>;
  emptyText: string;
  minWidth: number;
  columns: readonly Column<T>[];
}) {
  if (query.isPending) return <TableSkeleton />;
  if (query.data?.items.length === 0) return <Text>{emptyText}</Text>;
  return (
    <DataTable
      minWidth={minWidth}
      striped
      highlightOnHover
      rows={query.data?.items ?? []}
      columns={columns}
    />
  );
}
