import { Button, Group } from '@mantine/core';
import type { Manifest } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../components/data-table.tsx';
import { AppVersionKey } from './app-version-key.tsx';

/** What the version tables share: when a version was made, its key, whether it is on the marketplace. */
export const createdAt = (manifest: Manifest) => new Date(manifest.created_at).toLocaleString();

export const appVersionKeyColumn = (t: TFunction): Column<Manifest> => ({
  label: t('manifests.columns.appVersionKey'),
  cell: (manifest) => <AppVersionKey value={manifest.app_version_key} />,
});

export const publishedColumn = (t: TFunction): Column<Manifest> => ({
  label: t('manifests.columns.publishedToMarketplace'),
  cell: (manifest) => (manifest.published_to_marketplace ? t('manifests.yes') : t('manifests.no')),
});

/** Promote (a promotable sandbox version, when allowed) and View. */
export function PromoteOrView({
  manifest,
  canPromote,
  onPromote,
  onView,
}: {
  manifest: Manifest;
  canPromote: boolean;
  onPromote: (manifest: Manifest) => void;
  onView: (manifest: Manifest) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      {canPromote && manifest.promotable && (
        <Button size="xs" onClick={() => onPromote(manifest)}>
          {t('manifests.sandbox.promote')}
        </Button>
      )}
      <Button size="xs" variant="default" onClick={() => onView(manifest)}>
        {t('manifests.view.open')}
      </Button>
    </Group>
  );
}
