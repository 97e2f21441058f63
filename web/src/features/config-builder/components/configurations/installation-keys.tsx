import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { DeveloperApp, Manifest } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { AppVersionKey } from '../../../manifests/index.ts';

/** The installation keys: the version's app version key and the sandbox URL (not in FedRAMP). */
export function InstallationKeys({ app, sandbox }: { app: DeveloperApp; sandbox: Manifest | null }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" component="section" aria-label={t('configBuilder.keys.title')}>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('configBuilder.keys.title')}
        </Title>
        <Group gap="xs">
          <Text size="sm" fw={500}>
            {t('configBuilder.keys.appVersionKey')}
          </Text>
          {sandbox ? (
            <AppVersionKey value={sandbox.app_version_key} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('configBuilder.keys.noVersion')}
            </Text>
          )}
        </Group>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={500}>
            {t('configBuilder.keys.sandboxUrl')}
          </Text>
          {/* A long URL breaks anywhere rather than running past the card. */}
          <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {app.sandbox?.url ?? '—'}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
