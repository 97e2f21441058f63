import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Page } from '../lib/api.ts';
import { type ListParams, totalPages } from './use-list-params.ts';

/**
 * Page controls for a list endpoint (Total / Per-Page / Link headers) driven by useListParams;
 * nothing when one page holds it all.
 */
export function ListPagination({
  data,
  list,
}: {
  data: Page<unknown> | undefined;
  list: ListParams<string>;
}) {
  const { t } = useTranslation();
  const pages = totalPages(data);
  if (pages <= 1) return null;
  return (
    <Group justify="center" component="nav" aria-label={t('list.pages')}>
      <Pagination
        total={pages}
        value={Math.min(list.page, pages)}
        onChange={(page) => list.goTo(page, data)}
        getControlProps={(control) => ({
          'aria-label':
            control === 'next' ? t('common.next') : control === 'previous' ? t('common.previous') : control,
        })}
      />
    </Group>
  );
}
