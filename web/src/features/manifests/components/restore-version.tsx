import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Manifest } from '@portal/contracts';
import { nextSemanticVersion, versionLabel } from '@portal/contracts/manifest-rules';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config.ts';
import { newestManifestQuery, useCreateVersion } from '../api.ts';
import { SemanticVersionModal } from './semantic-version-modal.tsx';

/** A version row's "Restore": opens the semantic-version modal for `manifest`. */
export function RestoreButton({
  manifest,
  onRestore,
}: {
  manifest: Manifest;
  onRestore: (m: Manifest) => void;
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="xs"
      variant="default"
      onClick={() => onRestore(manifest)}
      aria-label={t('manifests.restore.label', {
        environment: t(`manifests.environments.${manifest.environment}`),
        version: versionLabel(manifest),
      })}
    >
      {t('manifests.restore.open')}
    </Button>
  );
}

/**
 * The Versions tab's semantic-version modal (spec developer-apps §2): restoring a version creates a new version with
 * its content (in Sandbox; in Production under FedRAMP, which has no sandbox), numbered above every
 * other, with the semantic version asked for and prefilled with the suggestion (semantic versions off:
 * nothing to ask, the modal only confirms). The new version becomes the newest, so the Configurations
 * tab reads it back.
 */
export function RestoreVersionModal({
  appId,
  manifest,
  onClose,
}: {
  appId: string;
  manifest: Manifest | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const config = useConfig();
  const environment = config.fedramp ? 'Production' : 'Sandbox';
  const newestSandbox = useQuery({ ...newestManifestQuery(appId, 'Sandbox'), enabled: Boolean(manifest) });
  const newestProduction = useQuery({
    ...newestManifestQuery(appId, 'Production'),
    enabled: Boolean(manifest),
  });
  const create = useCreateVersion(appId);
  const suggested = nextSemanticVersion(
    newestSandbox.data?.items[0]?.semantic_version,
    newestProduction.data?.items[0]?.semantic_version,
  );
  const isReady = newestSandbox.isSuccess && newestProduction.isSuccess;
  return (
    <SemanticVersionModal
      opened={Boolean(manifest) && isReady}
      suggested={suggested}
      askVersion={config.semantic_versions}
      description={
        manifest ? t(`manifests.restore.text${environment}`, { version: versionLabel(manifest) }) : ''
      }
      onClose={onClose}
      onSubmit={async (semanticVersion) => {
        if (!manifest) return;
        await create.mutateAsync({
          environment,
          content: manifest.content,
          semanticVersion: config.semantic_versions ? semanticVersion : null,
        });
        notifications.show({ message: t(`manifests.toasts.created${environment}`), color: 'green' });
      }}
    />
  );
}
