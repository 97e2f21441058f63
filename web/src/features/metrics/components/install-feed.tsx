import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { AppInstallation } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/**
 * Who installed the app (spec admin §2): company, a demo tag, the installing user's e-mail (staff
 * only: `showEmails`), when it last changed on the platform and the status, uppercased.
 */
export function InstallFeed({
  installations,
  showEmails,
}: {
  installations: AppInstallation[];
  showEmails: boolean;
}) {
  const { t } = useTranslation();
  if (installations.length === 0) return <Text c="dimmed">{t('metrics.feed.empty')}</Text>;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {installations.map((installation) => (
        <Paper component="li" withBorder p="sm" key={installation.id}>
          <Group justify="space-between" wrap="wrap">
            <Stack gap={2}>
              <Group gap="xs">
                <Text fw={600}>{installation.company_name}</Text>
                {installation.company_is_demo && (
                  <Badge color="gray" variant="light">
                    {t('metrics.feed.demo')}
                  </Badge>
                )}
              </Group>
              {showEmails && installation.user_email_address && (
                <Text size="sm">{installation.user_email_address}</Text>
              )}
              <Text size="sm" c="dimmed">
                {new Date(installation.procore_updated_at).toLocaleString()}
              </Text>
            </Stack>
            <Badge variant="outline">{installation.status.toUpperCase()}</Badge>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
