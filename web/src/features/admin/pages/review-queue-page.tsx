import { Badge, Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReviewQueueRow } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listDate } from '../../../components/list-date.ts';
import { useListParams } from '../../../components/use-list-params.ts';
import { errorsJoined } from '../../../lib/api.ts';
import { APP_LIST_FILTERS, reviewQueueQuery, useRequestApproval } from '../api.ts';
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
      {row.has_production_access_request && (
        <Badge variant="outline" color="teal.9">
          {t('adminLists.productionCredentials')}
        </Badge>
      )}
      {row.has_marketplace_access_request && (
        <Badge variant="outline" color="orange.9">
          {t('adminLists.marketplaceAccess')}
        </Badge>
      )}
    </Group>
  );
}

/** The requests staff decide in the queue itself (issue 22); listings and manifests open the app page. */
function RequestActions({ row }: { row: ReviewQueueRow }) {
  const { t } = useTranslation();
  const approve = useRequestApproval(row.id);
  const run = (request: 'production_access' | 'marketplace_access', done: string) =>
    approve.mutate(request, {
      onSuccess: () => notifications.show({ message: done, color: 'green' }),
      onError: (error) =>
        notifications.show({ message: errorsJoined(error, t('errors.generic')), color: 'red' }),
    });
  const name = { name: row.internal_name };
  return (
    <Group gap={4} wrap="nowrap">
      {row.has_production_access_request && (
        <Button
          size="compact-sm"
          variant="light"
          loading={approve.isPending && approve.variables === 'production_access'}
          aria-label={t('adminLists.approveCredentialsFor', name)}
          onClick={() => run('production_access', t('adminLists.credentialsApproved', name))}
        >
          {t('adminLists.approveCredentials')}
        </Button>
      )}
      {row.has_marketplace_access_request && (
        <Button
          size="compact-sm"
          variant="light"
          loading={approve.isPending && approve.variables === 'marketplace_access'}
          aria-label={t('adminLists.enableMarketplaceFor', name)}
          onClick={() => run('marketplace_access', t('adminLists.marketplaceEnabled', name))}
        >
          {t('adminLists.enableMarketplace')}
        </Button>
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
        minWidth={1100}
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
          { label: t('adminLists.actions'), cell: (row) => <RequestActions row={row} /> },
        ]}
      />
    </AdminPage>
  );
}
