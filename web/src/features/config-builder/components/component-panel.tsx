import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import {
  type ComponentDraft,
  type ComponentType,
  componentErrors,
  type Parameter,
} from '@portal/contracts/configured-manifest';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { ParameterModal } from './parameter-modal.tsx';
import { SidePanel } from './side-panel.tsx';
import { ViewPicker } from './view-picker.tsx';

/**
 * Add or edit a component: type (only those not yet present), source URL, views (side panel only)
 * and parameters. Errors show once Save was tried; views are dropped for fullscreen on save.
 */
export function ComponentPanel({
  opened,
  initial,
  types,
  onClose,
  onSave,
  onModalChange,
}: {
  opened: boolean;
  initial: ComponentDraft | null;
  types: ComponentType[];
  onClose: () => void;
  onSave: (draft: ComponentDraft) => void;
  onModalChange?: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <SidePanel
      opened={opened}
      onClose={onClose}
      title={t(initial?.type ? 'configBuilder.component.editTitle' : 'configBuilder.component.addTitle')}
    >
      <ComponentForm
        initial={
          initial ?? {
            type: types.length === 1 ? types[0]! : '',
            source_url: '',
            views: [],
            parameters: [],
          }
        }
        types={types}
        onClose={onClose}
        onSave={onSave}
        onModalChange={onModalChange}
      />
    </SidePanel>
  );
}

function ComponentForm({
  initial,
  types,
  onClose,
  onSave,
  onModalChange,
}: {
  initial: ComponentDraft;
  types: ComponentType[];
  onClose: () => void;
  onSave: (draft: ComponentDraft) => void;
  onModalChange?: ((open: boolean) => void) | undefined;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [tried, setTried] = useState(false);
  const [editing, setEditing] = useState<{ index: number | null } | null>(null);
  const errors = tried ? componentErrors(draft) : {};
  const openParameter = (index: number | null) => {
    setEditing({ index });
    onModalChange?.(true);
  };
  const closeParameter = () => {
    setEditing(null);
    onModalChange?.(false);
  };
  const saveParameter = (parameter: Parameter) => {
    setDraft((current) => {
      const parameters = [...current.parameters];
      if (editing?.index === null || editing?.index === undefined) parameters.push(parameter);
      else parameters[editing.index] = parameter;
      return { ...current, parameters };
    });
    closeParameter();
  };
  const save = () => {
    setTried(true);
    if (Object.keys(componentErrors(draft)).length === 0) onSave(draft);
  };
  return (
    <Stack>
      <Select
        label={t('configBuilder.component.type')}
        required
        data={types.map((type) => ({ value: type, label: t(`configBuilder.types.${type}`) }))}
        value={draft.type || null}
        onChange={(type) => setDraft((current) => ({ ...current, type: (type ?? '') as ComponentType | '' }))}
        error={errors.type}
        allowDeselect={false}
      />
      <TextInput
        label={t('configBuilder.component.sourceUrl')}
        description={t('configBuilder.component.sourceUrlHint')}
        required
        value={draft.source_url}
        onChange={(event) => {
          const source_url = event.currentTarget.value;
          setDraft((current) => ({ ...current, source_url }));
        }}
        error={errors.source_url}
      />
      {draft.type === 'sidepanel' && (
        <ViewPicker
          value={draft.views}
          onChange={(views) => setDraft((current) => ({ ...current, views }))}
          error={errors.views}
        />
      )}
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={500} size="sm">
            {t('configBuilder.parameter.title')}
          </Text>
          <Button size="xs" variant="light" onClick={() => openParameter(null)}>
            {t('configBuilder.parameter.add')}
          </Button>
        </Group>
        {draft.parameters.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('configBuilder.parameter.none')}
          </Text>
        ) : (
          <Table aria-label={t('configBuilder.parameter.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('configBuilder.parameter.name')}</Table.Th>
                <Table.Th>{t('configBuilder.parameter.key')}</Table.Th>
                <Table.Th>{t('configBuilder.parameter.description')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('configBuilder.parameter.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {draft.parameters.map((parameter, index) => (
                <Table.Tr key={parameter.key}>
                  <Table.Td>
                    {parameter.name}{' '}
                    {parameter.required && (
                      <Badge size="xs" variant="light">
                        {t('configBuilder.parameter.requiredBadge')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{parameter.key}</Table.Td>
                  <Table.Td>{parameter.description}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('configBuilder.parameter.edit', { name: parameter.name })}
                        onClick={() => openParameter(index)}
                      >
                        <IconPencil size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('configBuilder.parameter.remove', { name: parameter.name })}
                        onClick={() =>
                          setDraft((current) => ({
                            ...current,
                            parameters: current.parameters.filter((_, i) => i !== index),
                          }))
                        }
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <DialogActions onCancel={onClose}>
        <Button onClick={save}>{t('configBuilder.component.save')}</Button>
      </DialogActions>
      <ParameterModal
        opened={editing !== null}
        initial={editing?.index != null ? (draft.parameters[editing.index] ?? null) : null}
        others={draft.parameters.filter((_, index) => index !== editing?.index)}
        onClose={closeParameter}
        onSave={saveParameter}
      />
    </Stack>
  );
}
