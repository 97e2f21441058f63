import { Table, type TableProps } from '@mantine/core';

/**
 * A table that never widens the page: below `minWidth` it scrolls inside its own box (Mantine's
 * Table.ScrollContainer, native scrolling), so a phone scrolls the table, not the page.
 */
export function ResponsiveTable({ minWidth, ...props }: TableProps & { minWidth: number }) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table {...props} />
    </Table.ScrollContainer>
  );
}
