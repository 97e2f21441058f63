import { Button, Modal, Stack, Text } from '@mantine/core';
import type { DeveloperApp, DeveloperAppPermissions } from '@portal/contracts';
import { availableComponentTypes, componentToDraft } from '@portal/contracts/configured-manifest';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../../components/dialog-actions.tsx';
import { errorsJoined } from '../../../../lib/api.ts';
import { useConfig } from '../../../../lib/config.ts';
import { PromoteModal, ViewManifestModal } from '../../../manifests/index.ts';
import type { useCreateConfiguredVersion } from '../../api.ts';
import { ComponentPanel } from '../component-panel.tsx';
import { CreateVersionModal } from '../create-version-modal.tsx';
import { PermissionsDrawer } from '../permissions-drawer.tsx';
import { type ConfigurationsFormState, EMPTY_PERMISSIONS } from './use-configurations-form.ts';

/** The tab's side panel, drawer and dialogs: each opened by the form's state. */
export function FormDialogs({
  app,
  permissions,
  form,
  create,
}: {
  app: DeveloperApp;
  permissions: DeveloperAppPermissions;
  form: ConfigurationsFormState;
  create: ReturnType<typeof useCreateConfiguredVersion>;
}) {
  const { t } = useTranslation();
  const config = useConfig();
  const { configured, dialogs } = form;
  const { panel } = dialogs;
  return (
    <>
      <ComponentPanel
        opened={panel !== null}
        initial={
          panel?.editing && configured[panel.editing]
            ? componentToDraft(panel.editing, configured[panel.editing]!)
            : null
        }
        types={availableComponentTypes(configured, {
          fedramp: config.fedramp,
          editing: panel?.editing ?? null,
        })}
        onClose={() => dialogs.setPanel(null)}
        onSave={form.saveComponent}
        onModalChange={dialogs.setInnerModal}
      />

      <PermissionsDrawer
        opened={dialogs.permissionsOpen}
        initial={configured.permissions ?? EMPTY_PERMISSIONS}
        onClose={() => dialogs.setPermissionsOpen(false)}
        onSave={form.savePermissions}
      />

      <Modal
        opened={dialogs.confirmAuthOff}
        onClose={() => dialogs.setConfirmAuthOff(false)}
        title={t('configBuilder.dataConnector.confirmTitle')}
      >
        <Stack>
          <Text>{t('configBuilder.dataConnector.confirmText')}</Text>
          <DialogActions onCancel={() => dialogs.setConfirmAuthOff(false)}>
            <Button color="red" onClick={form.removeAuth}>
              {t('configBuilder.dataConnector.confirmContinue')}
            </Button>
          </DialogActions>
        </Stack>
      </Modal>

      <CreateVersionModal
        opened={dialogs.createOpen}
        semanticVersions={config.semantic_versions && permissions.canSetSemanticVersions}
        pending={create.isPending}
        error={create.error ? errorsJoined(create.error, t('configBuilder.errors.save')) : null}
        onClose={() => dialogs.setCreateOpen(false)}
        onCreate={form.createVersion}
      />

      <Modal
        opened={dialogs.notUpdated}
        onClose={() => dialogs.setNotUpdated(false)}
        title={t('configBuilder.notUpdated.title')}
      >
        <Stack>
          <Text>{t('configBuilder.notUpdated.text')}</Text>
          <DialogActions onCancel={() => dialogs.setNotUpdated(false)}>
            {form.mayCreate && (
              <Button loading={create.isPending} onClick={form.migrate}>
                {t('configBuilder.notUpdated.migrate')}
              </Button>
            )}
          </DialogActions>
        </Stack>
      </Modal>

      <ViewManifestModal manifest={dialogs.viewing} onClose={() => dialogs.setViewing(null)} />
      <PromoteModal
        appId={app.id}
        manifest={dialogs.promoting}
        requireReleaseNotes={config.semantic_versions}
        onClose={() => dialogs.setPromoting(null)}
        onPromoted={() => dialogs.setPromoting(null)}
      />
    </>
  );
}
