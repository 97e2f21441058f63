import { ActionIcon, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { availableComponentTypes, COMPONENT_TYPES } from '@portal/contracts/configured-manifest';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../../lib/config.ts';
import { CollapsibleCard } from '../collapsible-card.tsx';
import type { ConfigurationsFormState } from './use-configurations-form.ts';

/** Embedded components: one row per component (its URL, views and parameters), edit, remove, add. */
export function ComponentsCard({ form }: { form: ConfigurationsFormState }) {
  const { t } = useTranslation();
  const config = useConfig();
  const { configured, canEdit } = form;
  // Each type once per version (spec developer-apps §5): with every type present there is nothing left to add.
  const isFull = availableComponentTypes(configured, { fedramp: config.fedramp }).length === 0;
  return (
    <CollapsibleCard
      title={t('configBuilder.cards.embedded.title')}
      description={t('configBuilder.cards.embedded.description')}
      defaultOpen
    >
      {COMPONENT_TYPES.filter((type) => configured[type]).map((type) => {
        const component = configured[type]!;
        return (
          <Paper key={type} withBorder p="sm" data-testid={`component-${type}`}>
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={2}>
                <Group gap="xs">
                  <Badge variant="light">{t(`configBuilder.types.${type}`)}</Badge>
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {component.source_url}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('configBuilder.component.summary', {
                    views: t('configBuilder.component.viewCount', { count: component.views?.length ?? 0 }),
                    parameters: t('configBuilder.component.parameterCount', {
                      count: Object.keys(component.user_configuration?.schema.properties ?? {}).length,
                    }),
                  })}
                </Text>
              </Stack>
              {canEdit && (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('configBuilder.component.edit', {
                      type: t(`configBuilder.types.${type}`),
                    })}
                    onClick={() => form.dialogs.setPanel({ editing: type })}
                  >
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('configBuilder.component.remove', {
                      type: t(`configBuilder.types.${type}`),
                    })}
                    onClick={() => form.removeComponent(type)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              )}
            </Group>
          </Paper>
        );
      })}
      {canEdit && (
        <Group>
          <Button
            variant="light"
            disabled={isFull}
            aria-describedby={isFull ? 'add-component-reason' : undefined}
            onClick={() => form.dialogs.setPanel({ editing: null })}
          >
            {t('configBuilder.component.add')}
          </Button>
          {isFull && (
            <Text size="sm" c="dimmed" id="add-component-reason">
              {t(
                config.fedramp
                  ? 'configBuilder.component.allAddedFedramp'
                  : 'configBuilder.component.allAdded',
              )}
            </Text>
          )}
        </Group>
      )}
    </CollapsibleCard>
  );
}
