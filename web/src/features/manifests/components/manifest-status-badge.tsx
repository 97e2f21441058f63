import { Badge, Group, type MantineColor, Text } from '@mantine/core';
import type { Manifest } from '@portal/contracts';
import { type ManifestHeaderStatus, manifestHeaderStatus } from '@portal/contracts/manifest-rules';
import { useTranslation } from 'react-i18next';

/** The spec's colours in Mantine's palette (magenta is Mantine's grape). */
const COLORS: Record<ManifestHeaderStatus['color'], MantineColor> = {
  blue: 'blue',
  magenta: 'grape',
  green: 'green',
  yellow: 'yellow',
  red: 'red',
};

/**
 * The manifest header status (spec developer-apps §4) from the newest sandbox and the newest production
 * version: Draft, Ready for Testing, Promoted, Approved Version, Under Review or Unknown State.
 */
export function ManifestStatusBadge({
  newestSandbox,
  newestProduction,
}: {
  newestSandbox: Manifest | null | undefined;
  newestProduction: Manifest | null | undefined;
}) {
  const { t } = useTranslation();
  const status = manifestHeaderStatus(newestSandbox, newestProduction);
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" fw={500}>
        {t('manifests.status')}
      </Text>
      <Badge color={COLORS[status.color]} variant="light" size="lg" data-testid="manifest-status">
        {status.label}
      </Badge>
    </Group>
  );
}
