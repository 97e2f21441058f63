import { Button, Stack } from '@mantine/core';
import type { ManifestPermissions } from '@portal/contracts/manifest-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { PermissionBuilder } from '../../manifests/index.ts';
import { SidePanel } from './side-panel.tsx';

/** The service account's permissions in an 804 px drawer (the Manifests permission builder). */
export function PermissionsDrawer({
  opened,
  initial,
  onClose,
  onSave,
}: {
  opened: boolean;
  initial: ManifestPermissions;
  onClose: () => void;
  onSave: (value: ManifestPermissions) => void;
}) {
  const { t } = useTranslation();
  return (
    <SidePanel opened={opened} onClose={onClose} title={t('configBuilder.dataConnector.permissionsTitle')}>
      <PermissionsForm initial={initial} onClose={onClose} onSave={onSave} />
    </SidePanel>
  );
}

function PermissionsForm({
  initial,
  onClose,
  onSave,
}: {
  initial: ManifestPermissions;
  onClose: () => void;
  onSave: (value: ManifestPermissions) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const drop = (scope: Record<string, string>) =>
    Object.fromEntries(Object.entries(scope).filter(([, level]) => level !== 'none'));
  return (
    <Stack>
      <PermissionBuilder value={value} onChange={setValue} />
      <DialogActions onCancel={onClose}>
        <Button
          onClick={() =>
            onSave({
              company: drop(value.company) as ManifestPermissions['company'],
              project: drop(value.project) as ManifestPermissions['project'],
            })
          }
        >
          {t('configBuilder.dataConnector.savePermissions')}
        </Button>
      </DialogActions>
    </Stack>
  );
}
