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

/** What a queue row can wait for, with its tag. */
const LABELS = [
  { waits: 'has_marketplace_listing_in_review', label: 'adminLists.marketplace', color: 'blue.9' },
  { waits: 'has_app_version_in_review', label: 'adminLists.manifest', color: 'grape.9' },
  { waits: 'has_production_access_request', label: 'adminLists.productionCredentials', color: 'teal.9' },
  { waits: 'has_marketplace_access_request', label: 'adminLists.marketplaceAccess', color: 'orange.9' },
] as const;

function ReviewLabels({ row }: { row: ReviewQueueRow }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {LABELS.filter(({ waits }) => row[waits]).map(({ waits, label, color }) => (
        <Badge key={waits} variant="outline" color={color}>
          {t(label)}
        </Badge>
      ))}
    </Group>
  );
}

/** The requests staff decide in the queue itself (issue 22), with the button's texts. */
const REQUESTS = [
  {
    request: 'production_access',
    waits: 'has_production_access_request',
    button: 'adminLists.approveCredentials',
    buttonFor: 'adminLists.approveCredentialsFor',
    done: 'adminLists.credentialsApproved',
  },
  {
    request: 'marketplace_access',
    waits: 'has_marketplace_access_request',
    button: 'adminLists.enableMarketplace',
    buttonFor: 'adminLists.enableMarketplaceFor',
    done: 'adminLists.marketplaceEnabled',
  },
] as const;

/** The requests staff decide in the queue itself; listings and manifests open the app page. */
function RequestActions({ row }: { row: ReviewQueueRow }) {
  const { t } = useTranslation();
  const approve = useRequestApproval(row.id);
  const name = { name: row.internal_name };
  return (
    <Group gap={4} wrap="nowrap">
      {REQUESTS.filter(({ waits }) => row[waits]).map(({ request, button, buttonFor, done }) => (
        <Button
          key={request}
          size="compact-sm"
          variant="light"
          loading={approve.isPending && approve.variables === request}
          aria-label={t(buttonFor, name)}
          onClick={() =>
            approve.mutate(request, {
              onSuccess: () => notifications.show({ message: t(done, name), color: 'green' }),
              onError: (error) =>
                notifications.show({ message: errorsJoined(error, t('errors.generic')), color: 'red' }),
            })
          }
        >
          {t(button)}
        </Button>
      ))}
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
          // The queue's own spelling (spec admin §2); the apps list says "Owner Email".
          { label: t('adminLists.queueOwnerEmail'), sortKey: 'owner', cell: (row) => row.owner.email },
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
