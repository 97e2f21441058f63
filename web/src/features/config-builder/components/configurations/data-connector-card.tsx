import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CollapsibleCard } from '../collapsible-card.tsx';
import type { ConfigurationsFormState } from './use-configurations-form.ts';

/** The data connector: user-level authentication and the service account's permissions. */
export function DataConnectorCard({ form }: { form: ConfigurationsFormState }) {
  const { t } = useTranslation();
  const { configured, canEdit, authLocked } = form;
  return (
    <CollapsibleCard
      title={t('configBuilder.cards.dataConnector.title')}
      description={t('configBuilder.cards.dataConnector.description')}
      defaultOpen={false}
    >
      <Checkbox
        label={t('configBuilder.dataConnector.userLevelAuth')}
        description={
          authLocked
            ? t('configBuilder.dataConnector.locked')
            : t('configBuilder.dataConnector.userLevelAuthHint')
        }
        checked={configured.oauth?.enabled === true}
        disabled={!canEdit || (authLocked && configured.oauth?.enabled === true)}
        onChange={(event) => form.toggleAuth(event.currentTarget.checked)}
      />
      <Group justify="space-between">
        <Stack gap={2}>
          <Text fw={500} size="sm">
            {t('configBuilder.dataConnector.serviceAccount')}
          </Text>
          <Text size="sm" c="dimmed" data-testid="permissions-summary">
            {form.permissionCount
              ? (['company', 'project'] as const)
                  .flatMap((scope) =>
                    Object.entries(configured.permissions?.[scope] ?? {}).map(
                      ([tool, level]) => `${t(`configBuilder.scopes.${scope}`)}: ${tool} (${level})`,
                    ),
                  )
                  .join(', ')
              : t('configBuilder.dataConnector.noPermissions')}
          </Text>
        </Stack>
        {canEdit && (
          <Button variant="light" onClick={() => form.dialogs.setPermissionsOpen(true)}>
            {t('configBuilder.dataConnector.editPermissions')}
          </Button>
        )}
      </Group>
    </CollapsibleCard>
  );
}
