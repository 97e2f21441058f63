import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Manifest } from '@portal/contracts';
import { versionLabel } from '@portal/contracts/manifest-rules';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { appVersionKeyColumn, createdAt, publishedColumn } from './manifest-columns.tsx';
import { ReviewActions } from './review-actions.tsx';
import { useVersionPages, VersionPages } from './version-pages.tsx';

const STATE_COLOR = { confidential: 'gray', in_review: 'yellow', published: 'green' } as const;

/**
 * Production versions (spec developer-apps §2): version, released to production, app version key, published
 * to marketplace, release notes (with semantic versions) and the review state with its actions.
 * On the admin app page (`staff`) it adds the notes of the review (the developer's, the reviewer's),
 * which its reviewers read there, and asks for production as that page's calls name it.
 */
export function ProductionManifestsTable({
  appId,
  withReleaseNotes,
  staff = false,
  canModifyManifests,
  isPlatformAdmin,
  onView,
  onReleaseNotes,
  onError,
}: {
  appId: string;
  withReleaseNotes: boolean;
  staff?: boolean;
  canModifyManifests: boolean;
  isPlatformAdmin: boolean;
  onView: (manifest: Manifest) => void;
  onReleaseNotes: (manifest: Manifest) => void;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const { list, query } = useVersionPages(appId, 'Production', '-version', { staff });
  return (
    <VersionPages query={query} skeletonRows={2} empty={t('manifests.production.empty')}>
      {(versions) => (
        <>
          <DataTable
            minWidth={staff ? 1100 : 860}
            aria-label={t('manifests.production.table')}
            rows={versions.items}
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
              staff && {
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
          <ListPagination data={versions} list={list} />
        </>
      )}
    </VersionPages>
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
