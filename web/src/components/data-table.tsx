import { Table, type TableProps, type TableTdProps, type TableTrProps } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { ResponsiveTable } from './responsive-table.tsx';

/**
 * One column: its header text, and what a row shows in it. `header` replaces the plain header cell
 * (a sortable one); `td` goes on each of its cells.
 */
export type Column<T> = {
  label: string;
  cell: (row: T) => ReactNode;
  header?: ReactNode;
  td?: TableTdProps & { 'data-testid'?: string };
};

/**
 * The house table: a header row from `columns` (a `false` entry is a column not shown), one row per
 * item keyed by its id, in a box that scrolls below `minWidth` (ResponsiveTable).
 */
export function DataTable<T extends { id: string }>({
  rows,
  columns,
  row,
  ...table
}: TableProps & {
  minWidth: number;
  rows: readonly T[];
  columns: readonly (Column<T> | false)[];
  /** Props of a row's `<tr>` (a whole row that opens the item). */
  row?: (item: T) => TableTrProps;
}) {
  const shown = columns.filter((column): column is Column<T> => column !== false);
  return (
    <ResponsiveTable {...table}>
      <Table.Thead>
        <Table.Tr>
          {shown.map((column) => (
            <Fragment key={column.label}>{column.header ?? <Table.Th>{column.label}</Table.Th>}</Fragment>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((item) => (
          <Table.Tr key={item.id} {...row?.(item)}>
            {shown.map((column) => (
              <Table.Td key={column.label} {...column.td}>
                {column.cell(item)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
