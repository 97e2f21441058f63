import { Group, Pagination } from '@mantine/core';
import type { Page } from '../lib/api.ts';

/** Page controls for a list endpoint's Total / Per-Page headers; nothing when one page holds it all. */
export function ListPagination({
  data,
  page,
  onChange,
}: {
  data: Page<unknown> | undefined;
  page: number;
  onChange: (page: number) => void;
}) {
  const pages = data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.perPage))) : 1;
  if (pages <= 1) return null;
  return (
    <Group justify="center">
      <Pagination total={pages} value={page} onChange={onChange} />
    </Group>
  );
}
