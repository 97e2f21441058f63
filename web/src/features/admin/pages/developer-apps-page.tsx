import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listDate } from '../../../components/list-date.ts';
import { useListParams } from '../../../components/use-list-params.ts';
import { APP_LIST_FILTERS, adminAppsQuery } from '../api.ts';
import { AdminListBody } from '../components/admin-list-body.tsx';
import { AdminPage } from '../components/admin-page.tsx';
import { AppListFilters, appNameColumn } from '../components/app-list-filters.tsx';
import { Tick } from '../components/tick.tsx';

/** Admin > Developer Apps (spec admin §2): every app, searchable, filtered by creator, sortable. */
export function DeveloperAppsPage() {
  const { t } = useTranslation();
  const list = useListParams(APP_LIST_FILTERS);
  const query = useQuery(adminAppsQuery(list));

  return (
    <AdminPage
      trail={[{ label: t('adminLists.developerApps') }]}
      title={t('adminLists.developerApps')}
      aside={
        <Anchor component={Link} to="/admin/review_queue">
          {t('adminLists.reviewQueue')}
        </Anchor>
      }
    >
      <AppListFilters list={list} inReviewByDefault={false} />
      <AdminListBody
        query={query}
        list={list}
        minWidth={900}
        columns={[
          { label: t('adminLists.published'), cell: (row) => <Tick value={row.published} /> },
          appNameColumn(t('adminLists.name')),
          { label: t('adminLists.ownerEmail'), cell: (row) => row.owner.email },
          {
            label: t('adminLists.createdAt'),
            sortKey: 'created_at',
            cell: (row) => listDate(row.created_at),
          },
          { label: t('adminLists.inReviewAt'), cell: (row) => listDate(row.in_review_at) },
          { label: t('adminLists.deletedAt'), cell: (row) => listDate(row.deleted_at) },
        ]}
      />
    </AdminPage>
  );
}
