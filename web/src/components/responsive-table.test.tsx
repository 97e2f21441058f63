import { Table } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { AppProviders, createQueryClient } from '../app/providers.tsx';
import { ResponsiveTable } from './responsive-table.tsx';

test('the table scrolls inside its own box below its minimum width', () => {
  render(
    <AppProviders client={createQueryClient()}>
      <ResponsiveTable minWidth={600} aria-label="Apps">
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>Field Sync</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </ResponsiveTable>
    </AppProviders>,
  );
  const table = screen.getByRole('table', { name: 'Apps' });
  expect(table).toHaveTextContent('Field Sync');
  // Mantine's scroll container: native overflow, the table kept at least 600 px wide inside it.
  const container = table.closest<HTMLElement>('.mantine-TableScrollContainer-scrollContainer')!;
  expect(container).not.toBeNull();
  expect(container.style.getPropertyValue('--table-overflow')).toBe('auto');
  expect(container.style.getPropertyValue('--table-min-width')).toContain('37.5rem');
  // A keyboard reaches the box to scroll it.
  expect(container).toHaveAttribute('tabindex', '0');
});
