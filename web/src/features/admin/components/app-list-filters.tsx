import { Anchor, Checkbox, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListSearch } from '../../../components/list-search.tsx';
import type { ListParams } from '../../../components/use-list-params.ts';
import type { AppListFilter } from '../api.ts';
import type { AdminColumn } from './admin-list-body.tsx';
import { OwnerFilter } from './owner-filter.tsx';

/**
 * The filters the apps list and the review queue share (spec admin §2): search, created-by, in review,
 * with deleted. "In review" is ticked by default in the queue (spec: inReview default true), so
 * there the URL records unticking it instead.
 */
export function AppListFilters({
  list,
  inReviewByDefault,
}: {
  list: ListParams<AppListFilter>;
  inReviewByDefault: boolean;
}) {
  const { t } = useTranslation();
  const { filters } = list;
  const inReview = inReviewByDefault ? filters.in_review !== 'false' : filters.in_review === 'true';
  const inReviewValue = (checked: boolean) => {
    if (inReviewByDefault) return checked ? '' : 'false';
    return checked ? 'true' : '';
  };
  return (
    <Group align="flex-end">
      <ListSearch label={t('list.search')} list={list} filter="search" />
      <OwnerFilter value={filters.owners} onChange={(value) => list.setFilter('owners', value)} />
      <Checkbox
        label={t('adminLists.inReviewOnly')}
        checked={inReview}
        onChange={(event) => list.setFilter('in_review', inReviewValue(event.currentTarget.checked))}
      />
      <Checkbox
        label={t('adminLists.withDeleted')}
        checked={filters.with_deleted === 'true'}
        onChange={(event) => list.setFilter('with_deleted', event.currentTarget.checked ? 'true' : '')}
      />
    </Group>
  );
}

/** Both lists' Name column: the internal name, sorted by it, linking to the admin app page. */
export const appNameColumn = (label: string): AdminColumn<{ id: string; internal_name: string }> => ({
  label,
  sortKey: 'internal_name',
  cell: (row) => (
    <Anchor component={Link} to={`/admin/developer_apps/${row.id}`}>
      {row.internal_name}
    </Anchor>
  ),
});
