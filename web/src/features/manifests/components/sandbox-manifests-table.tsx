import { Switch, Text } from '@mantine/core';
import type { Manifest } from '@portal/contracts';
import { versionLabel } from '@portal/contracts/manifest-rules';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { TableSkeleton } from '../../../components/skeletons.tsx';
import { errorsJoined } from '../../../lib/api.ts';
import { newestManifestQuery } from '../api.ts';
import { appVersionKeyColumn, createdAt, PromoteOrView } from './manifest-columns.tsx';
import { useVersionPages } from './version-pages.tsx';

/**
 * Sandbox versions (spec developer-apps §2): version, created, app version key, promote or view. The latest
 * only until "Show old versions" lists them all, newest version first.
 */
export function SandboxManifestsTable({
  appId,
  canPromote,
  onView,
  onPromote,
}: {
  appId: string;
  canPromote: boolean;
  onView: (manifest: Manifest) => void;
  onPromote: (manifest: Manifest) => void;
}) {
  const { t } = useTranslation();
  const [showOld, setShowOld] = useState(false);
  const latest = useQuery(newestManifestQuery(appId, 'Sandbox'));
  const { list, query: all } = useVersionPages(appId, 'Sandbox', '-version', { enabled: showOld });
  const shown = showOld ? all : latest;

  return (
    <>
      <Switch
        label={t('manifests.sandbox.showOld')}
        checked={showOld}
        onChange={(event) => setShowOld(event.currentTarget.checked)}
      />
      {shown.isError && (
        <Text c="red" role="alert">
          {errorsJoined(shown.error, t('manifests.errors.loading'))}
        </Text>
      )}
      {!shown.data && !shown.isError && <TableSkeleton rows={showOld ? 3 : 1} />}
      {shown.data && shown.data.items.length === 0 && <Text c="dimmed">{t('manifests.sandbox.empty')}</Text>}
      {shown.data && shown.data.items.length > 0 && (
        <DataTable
          minWidth={640}
          aria-label={t('manifests.sandbox.table')}
          rows={shown.data.items}
          columns={[
            { label: t('manifests.columns.version'), cell: versionLabel },
            { label: t('manifests.columns.created'), cell: createdAt },
            appVersionKeyColumn(t),
            {
              label: t('manifests.columns.promoteOrView'),
              cell: (manifest) => (
                <PromoteOrView
                  canPromote={canPromote}
                  manifest={manifest}
                  onPromote={onPromote}
                  onView={onView}
                />
              ),
            },
          ]}
        />
      )}
      {showOld && <ListPagination data={all.data} list={list} />}
    </>
  );
}
