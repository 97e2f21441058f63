import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { versionLabel } from '@portal/contracts/manifest-rules';
import { useTranslation } from 'react-i18next';
import { ManifestStatusBadge, ReviewActions } from '../../../manifests/index.ts';
import type { ConfigurationsFormInput, ConfigurationsFormState } from './use-configurations-form.ts';

/** The header: the version shown (or the draft), its status, and view, promote, review and save. */
export function VersionHeader({
  app,
  permissions,
  sandbox,
  production,
  form,
  creating,
}: Pick<ConfigurationsFormInput, 'app' | 'permissions' | 'sandbox' | 'production'> & {
  form: ConfigurationsFormState;
  creating: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={4}>
          <Title order={2} size="h3" data-testid="version-title">
            {sandbox
              ? t('configBuilder.header.version', { version: versionLabel(sandbox) })
              : t('configBuilder.header.draft')}
          </Title>
          <ManifestStatusBadge newestSandbox={sandbox} newestProduction={production} />
        </Stack>
        <Group gap="xs">
          {sandbox && (
            <Button variant="default" onClick={() => form.dialogs.setViewing(sandbox)}>
              {t('configBuilder.header.viewManifest')}
            </Button>
          )}
          {sandbox && form.status.canPromote && permissions.canModifyManifests && (
            <Button variant="light" onClick={() => form.dialogs.setPromoting(sandbox)}>
              {t('configBuilder.header.promote')}
            </Button>
          )}
          {production && (
            <ReviewActions
              appId={app.id}
              manifest={production}
              canModifyManifests={permissions.canModifyManifests}
              isPlatformAdmin={false}
              onError={form.showError}
            />
          )}
          {form.canEdit && (
            <Button onClick={form.trySave} disabled={form.formInvalid || form.modalOpen || creating}>
              {sandbox ? t('configBuilder.header.saveVersion') : t('configBuilder.header.createVersion')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
