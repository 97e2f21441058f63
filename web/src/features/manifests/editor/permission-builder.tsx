import { Alert, Button, Group, Modal, Radio, Stack, Table, Tabs, UnstyledButton } from '@mantine/core';
import {
  isLevelAllowed,
  PERMISSION_LEVELS,
  PERMISSION_SCOPES,
  PERMISSION_TOOLS,
  type PermissionLevel,
  type PermissionScope,
} from '@portal/contracts/manifest-catalog';
import { MANIFEST_MESSAGES, type ManifestPermissions } from '@portal/contracts/manifest-rules';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';

type Direction = 'ascending' | 'descending';

/**
 * One scope's tools against the levels None / Read-Only / Standard / Admin (spec developer-apps §2): sortable
 * by tool (ascending first), each level column 20% wide, levels a tool does not allow disabled.
 */
export function PermissionTable({
  scope,
  value,
  onChange,
  disabled = false,
}: {
  scope: PermissionScope;
  value: Record<string, PermissionLevel>;
  onChange: (tool: string, level: PermissionLevel) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<Direction>('ascending');
  const tools = [...PERMISSION_TOOLS[scope]].sort(
    (a, b) => a.friendly_name.localeCompare(b.friendly_name) * (direction === 'ascending' ? 1 : -1),
  );
  const Arrow = direction === 'ascending' ? IconArrowUp : IconArrowDown;
  return (
    <ResponsiveTable minWidth={560} striped highlightOnHover layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th aria-sort={direction}>
            <UnstyledButton
              onClick={() => setDirection(direction === 'ascending' ? 'descending' : 'ascending')}
              fw={700}
            >
              <Group gap={4} wrap="nowrap">
                {t('manifests.permissions.tool')}
                <Arrow size={14} aria-hidden />
              </Group>
            </UnstyledButton>
          </Table.Th>
          {PERMISSION_LEVELS.map((level) => (
            <Table.Th key={level.name} w="20%" ta="center">
              {level.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tools.map((tool) => {
          const current = value[tool.name] ?? 'none';
          return (
            <Table.Tr key={tool.name}>
              <Table.Td>{tool.friendly_name}</Table.Td>
              {PERMISSION_LEVELS.map((level) => (
                <Table.Td key={level.name} ta="center">
                  <Radio
                    name={`${scope}-${tool.name}`}
                    value={level.name}
                    aria-label={`${tool.friendly_name}: ${level.label}`}
                    checked={current === level.name}
                    disabled={disabled || !isLevelAllowed(tool, level.name)}
                    onChange={() => onChange(tool.name, level.name)}
                    styles={{ inner: { margin: '0 auto' }, body: { justifyContent: 'center' } }}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </ResponsiveTable>
  );
}

/** Company and Project tabs, each a PermissionTable (the modal below, or a drawer elsewhere). */
export function PermissionBuilder({
  value,
  onChange,
  disabled = false,
}: {
  value: ManifestPermissions;
  onChange: (value: ManifestPermissions) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Tabs defaultValue="company" keepMounted={false}>
      <Tabs.List>
        {PERMISSION_SCOPES.map((scope) => (
          <Tabs.Tab key={scope} value={scope}>
            {t(`manifests.permissions.scopes.${scope}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {PERMISSION_SCOPES.map((scope) => (
        <Tabs.Panel key={scope} value={scope} pt="sm">
          <PermissionTable
            scope={scope}
            value={value[scope]}
            disabled={disabled}
            onChange={(tool, level) => onChange({ ...value, [scope]: { ...value[scope], [tool]: level } })}
          />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/**
 * The permission builder modal: edits a copy of the draft's permissions and hands them back on
 * Save; `permissions` null means the draft's could not be read ('Error parsing existing permissions').
 */
export function PermissionBuilderModal({
  opened,
  permissions,
  onClose,
  onSave,
}: {
  opened: boolean;
  permissions: ManifestPermissions | null;
  onClose: () => void;
  onSave: (permissions: ManifestPermissions) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('manifests.permissions.title')} size="xl">
      {/* Mounted on each opening, so the copy starts from the draft's permissions every time. */}
      <PermissionBuilderForm initial={permissions} onCancel={onClose} onSave={onSave} />
    </Modal>
  );
}

function PermissionBuilderForm({
  initial,
  onCancel,
  onSave,
}: {
  initial: ManifestPermissions | null;
  onCancel: () => void;
  onSave: (permissions: ManifestPermissions) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  return (
    <Stack>
      {value ? (
        <PermissionBuilder value={value} onChange={setValue} />
      ) : (
        <Alert color="red" role="alert">
          {MANIFEST_MESSAGES.permissionsParseError}
        </Alert>
      )}
      <DialogActions onCancel={onCancel}>
        <Button disabled={!value} onClick={() => value && onSave(value)}>
          {t('manifests.permissions.save')}
        </Button>
      </DialogActions>
    </Stack>
  );
}
