import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Manifest } from '@portal/contracts';
import { MANIFESTS_PER_PAGE } from '@portal/contracts/limits';
import { versionLabel } from '@portal/contracts/manifest-rules';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { TableSkeleton } from '../../../components/skeletons.tsx';
import { useListState } from '../../../components/use-list-params.ts';
import { errorsJoined } from '../../../lib/api.ts';
import { manifestsListQuery } from '../api.ts';
import { appVersionKeyColumn, createdAt, publishedColumn } from './manifest-columns.tsx';
import { ReviewActions } from './review-actions.tsx';

const STATE_COLOR = { confidential: 'gray', in_review: 'yellow', published: 'green' } as const;

/**
 * Production versions (spec §2): version, released to production, app version key, published to
 * marketplace, release notes (with semantic versions) and the review state with its actions.
 * `withReviewNotes` adds the notes of the review (the developer's, the reviewer's): the admin app
 * page's reviewers read them there.
 */
export function ProductionManifestsTable({
  appId,
  withReleaseNotes,
  withReviewNotes = false,
  canModifyManifests,
  isPlatformAdmin,
  onView,
  onReleaseNotes,
  onError,
}: {
  appId: string;
  withReleaseNotes: boolean;
  withReviewNotes?: boolean;
  canModifyManifests: boolean;
  isPlatformAdmin: boolean;
  onView: (manifest: Manifest) => void;
  onReleaseNotes: (manifest: Manifest) => void;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const list = useListState();
  const versions = useQuery(
    manifestsListQuery({
      appId,
      environment: 'Production',
      page: list.page,
      cursor: list.cursor,
      perPage: MANIFESTS_PER_PAGE,
      sort: '-version',
    }),
  );

  if (versions.isError)
    return (
      <Text c="red" role="alert">
        {errorsJoined(versions.error, t('manifests.errors.loading'))}
      </Text>
    );
  if (!versions.data) return <TableSkeleton rows={2} />;
  if (!versions.data.items.length) return <Text c="dimmed">{t('manifests.production.empty')}</Text>;
  return (
    <>
      <DataTable
        minWidth={withReviewNotes ? 1100 : 860}
        aria-label={t('manifests.production.table')}
        rows={versions.data.items}
        columns={[
          {
            label: t('manifests.columns.version'),
            cell: (manifest) => (
              <Anchor component="button" type="button" onClick={() => onView(manifest)}>
                {versionLabel(manifest)}
              </Anchor>
            ),
          },
          { label: t('manifests.columns.released'), cell: createdAt },
          appVersionKeyColumn(t),
          publishedColumn(t),
          withReleaseNotes && {
            label: t('manifests.columns.releaseNotes'),
            cell: (manifest) =>
              manifest.changelog ? (
                <Button size="xs" variant="subtle" onClick={() => onReleaseNotes(manifest)}>
                  {t('manifests.releaseNotes.open')}
                </Button>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('manifests.releaseNotes.none')}
                </Text>
              ),
          },
          withReviewNotes && {
            label: t('manifests.columns.reviewNotes'),
            cell: (manifest) => <ReviewNotes manifest={manifest} />,
          },
          {
            label: t('manifests.columns.review'),
            cell: (manifest) => (
              <Group gap="xs" wrap="nowrap">
                {/* The badge keeps its width beside the buttons; a narrow cell would squeeze its text away. */}
                <Badge variant="light" color={STATE_COLOR[manifest.state]} style={{ flexShrink: 0 }}>
                  {t(`manifests.states.${manifest.state}`)}
                </Badge>
                <ReviewActions
                  appId={appId}
                  manifest={manifest}
                  canModifyManifests={canModifyManifests}
                  isPlatformAdmin={isPlatformAdmin}
                  onError={onError}
                />
              </Group>
            ),
          },
        ]}
      />
      <ListPagination data={versions.data} list={list} />
    </>
  );
}

function ReviewNotes({ manifest }: { manifest: Manifest }) {
  const { t } = useTranslation();
  if (!manifest.developer_notes && !manifest.admin_notes)
    return (
      <Text size="sm" c="dimmed">
        {t('manifests.reviewNotes.none')}
      </Text>
    );
  return (
    <Stack gap={4}>
      {manifest.developer_notes && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {t('manifests.reviewNotes.developer', { notes: manifest.developer_notes })}
        </Text>
      )}
      {manifest.admin_notes && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {t('manifests.reviewNotes.admin', { notes: manifest.admin_notes })}
        </Text>
      )}
    </Stack>
  );
}
