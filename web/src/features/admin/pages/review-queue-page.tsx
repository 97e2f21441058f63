import { Badge, Group } from '@mantine/core';
import type { ReviewQueueRow } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listDate } from '../../../components/list-date.ts';
import { useListParams } from '../../../components/use-list-params.ts';
import { APP_LIST_FILTERS, reviewQueueQuery } from '../api.ts';
import { AdminListBody } from '../components/admin-list-body.tsx';
import { AdminPage } from '../components/admin-page.tsx';
import { AppListFilters, appNameColumn } from '../components/app-list-filters.tsx';
import { laterReview } from '../review.ts';

function ReviewLabels({ row }: { row: ReviewQueueRow }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {row.has_marketplace_listing_in_review && (
        <Badge variant="outline" color="blue.9">
          {t('adminLists.marketplace')}
        </Badge>
      )}
      {row.has_app_version_in_review && (
        <Badge variant="outline" color="grape.9">
          {t('adminLists.manifest')}
        </Badge>
      )}
    </Group>
  );
}

/** Admin > Developer Apps > Review Queue (spec admin §2): what waits for a reviewer. */
export function ReviewQueuePage() {
  const { t } = useTranslation();
  const list = useListParams(APP_LIST_FILTERS);
  const query = useQuery(reviewQueueQuery(list));

  return (
    <AdminPage
      trail={[
        { label: t('adminLists.developerApps'), to: '/admin/developer_apps' },
        { label: t('adminLists.reviewQueue') },
      ]}
      title={t('adminLists.reviewQueue')}
    >
      <AppListFilters list={list} inReviewByDefault={true} />
      <AdminListBody
        query={query}
        list={list}
        minWidth={900}
        emptyText={t('adminLists.queueEmpty')}
        columns={[
          appNameColumn(t('adminLists.name')),
          { label: t('adminLists.ownerEmail'), sortKey: 'owner', cell: (row) => row.owner.email },
          {
            label: t('adminLists.inReviewAt'),
            sortKey: 'in_review_at',
            cell: (row) => listDate(laterReview(row)),
          },
          { label: t('adminLists.inReview'), cell: (row) => <ReviewLabels row={row} /> },
          {
            label: t('adminLists.marketplaceListing'),
            cell: (row) => (row.has_published_app ? t('adminLists.update') : t('adminLists.new')),
          },
        ]}
      />
    </AdminPage>
  );
}
