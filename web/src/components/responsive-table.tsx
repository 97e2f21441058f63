import { Table, type TableProps } from '@mantine/core';

/**
 * A table that never widens the page: below `minWidth` it scrolls inside its own box (Mantine's
 * Table.ScrollContainer, native scrolling), so a phone scrolls the table, not the page. The box takes
 * keyboard focus, so a keyboard can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ResponsiveTable({ minWidth, ...props }: TableProps & { minWidth: number }) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0}>
      <Table {...props} />
    </Table.ScrollContainer>
  );
}
