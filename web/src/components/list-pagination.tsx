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
  label,
}: {
  data: Page<unknown> | undefined;
  list: ListParams<string>;
  /** The navigation landmark's name, when a list has controls above and below it. */
  label?: string;
}) {
  const { t } = useTranslation();
  const pages = totalPages(data);
  if (pages <= 1) return null;
  return (
    <Group justify="center" component="nav" aria-label={label ?? t('list.pages')}>
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
