import { Modal, Stack, Text } from '@mantine/core';
import type { Manifest } from '@portal/contracts';
import { versionLabel } from '@portal/contracts/manifest-rules';
import { useTranslation } from 'react-i18next';

/**
 * A production version's release notes: its semantic version, the date and the changelog
 * (spec developer-apps §2).
 */
export function ReleaseNotesModal({ manifest, onClose }: { manifest: Manifest | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={manifest !== null} onClose={onClose} title={t('manifests.releaseNotes.title')}>
      {manifest && (
        <Stack gap="xs">
          <Text fw={700}>{t('manifests.releaseNotes.version', { version: versionLabel(manifest) })}</Text>
          <Text size="sm" c="dimmed">
            {new Date(manifest.created_at).toLocaleDateString()}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>
            {manifest.changelog || t('manifests.releaseNotes.none')}
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
