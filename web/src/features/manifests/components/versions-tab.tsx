import { Badge, Group } from '@mantine/core';
import type { Manifest } from '@portal/contracts';
import { versionLabel } from '@portal/contracts/manifest-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { useConfig } from '../../../lib/config.ts';
import { appVersionKeyColumn, createdAt, PromoteOrView, publishedColumn } from './manifest-columns.tsx';
import { PromoteModal } from './promote-modal.tsx';
import { useVersionPages, VersionPages } from './version-pages.tsx';
import { ViewManifestModal } from './view-manifest-modal.tsx';

/**
 * The tabbed page's Versions tab (spec developer-apps §2): every version of the app, newest first by
 * created_at, with version, created at, app version key and published to marketplace; FedRAMP lists
 * production versions only. Each can be viewed (read-only JSON, Copy); a promotable sandbox version can be
 * promoted when `canPromote`.
 */
export function VersionsTab({
  appId,
  canPromote = false,
  onPromoted,
}: {
  appId: string;
  canPromote?: boolean;
  onPromoted?: (manifest: Manifest) => void;
}) {
  const { t } = useTranslation();
  const config = useConfig();
  const [viewing, setViewing] = useState<Manifest | null>(null);
  const [promoting, setPromoting] = useState<Manifest | null>(null);
  const { list, query } = useVersionPages(appId, config.fedramp ? 'Production' : undefined, '-created_at');
  return (
    <VersionPages query={query} skeletonRows={3} empty={t('manifests.versions.empty')}>
      {(versions) => (
        <>
          <DataTable
            minWidth={720}
            aria-label={t('manifests.versions.table')}
            rows={versions.items}
            columns={[
              {
                label: t('manifests.columns.version'),
                cell: (manifest) => (
                  <Group gap="xs" wrap="nowrap">
                    {versionLabel(manifest)}
                    <Badge
                      variant="light"
                      color={manifest.environment === 'Sandbox' ? 'blue' : 'green'}
                      size="sm"
                    >
                      {t(`manifests.environments.${manifest.environment}`)}
                    </Badge>
                  </Group>
                ),
              },
              { label: t('manifests.columns.createdAt'), cell: createdAt },
              appVersionKeyColumn(t),
              publishedColumn(t),
              {
                label: t('manifests.columns.actions'),
                cell: (manifest) => (
                  <PromoteOrView
                    canPromote={canPromote}
                    manifest={manifest}
                    onPromote={setPromoting}
                    onView={setViewing}
                  />
                ),
              },
            ]}
          />
          <ListPagination data={versions} list={list} />
          <ViewManifestModal manifest={viewing} onClose={() => setViewing(null)} />
          <PromoteModal
            appId={appId}
            manifest={promoting}
            requireReleaseNotes={config.semantic_versions}
            onClose={() => setPromoting(null)}
            {...(onPromoted ? { onPromoted } : {})}
          />
        </>
      )}
    </VersionPages>
  );
}
