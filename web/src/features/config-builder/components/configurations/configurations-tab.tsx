import { Anchor, Stack, Text } from '@mantine/core';
import { MANIFEST_GUIDE_PATH } from '@portal/contracts/changelog';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppPageProps } from '../../../../components/section-card.tsx';
import { useConfig } from '../../../../lib/config.ts';
import { newestManifestQuery, SandboxCreatedAlert } from '../../../manifests/index.ts';
import { useCreateConfiguredVersion } from '../../api.ts';
import { ComponentsCard } from './components-card.tsx';
import { DataConnectorCard } from './data-connector-card.tsx';
import { FormAlerts, IntroAlert } from './form-alerts.tsx';
import { FormDialogs } from './form-dialogs.tsx';
import { InstallationKeys } from './installation-keys.tsx';
import { InstructionsCard } from './instructions-card.tsx';
import { type ConfigurationsFormInput, useConfigurationsForm } from './use-configurations-form.ts';
import { VersionHeader } from './version-header.tsx';

/**
 * The Configurations tab: the form-based editor of the app's newest sandbox version. Loads once the
 * newest versions are known; a schema 3 version asks to migrate ('App Not Updated').
 */
export function ConfigurationsTab({ app, permissions }: AppPageProps) {
  // 'Sandbox manifest created': the app's first sandbox version has a data connection.
  const [firstCreated, setFirstCreated] = useState(false);
  // Held here, not in the form: creating remounts the form on the new version, and the create
  // call's own callbacks (toast, banner) run only while the component that made it is mounted.
  const create = useCreateConfiguredVersion(app.id);
  const newestSandbox = useQuery(newestManifestQuery(app.id, 'Sandbox'));
  const newestProduction = useQuery(newestManifestQuery(app.id, 'Production'));
  if (!newestSandbox.isSuccess || !newestProduction.isSuccess) return <Text c="dimmed">…</Text>;
  const sandbox = newestSandbox.data.items[0] ?? null;
  const production = newestProduction.data.items[0] ?? null;
  // Remounted per version, so the form starts from the version just created or promoted.
  return (
    <Stack>
      {firstCreated && <SandboxCreatedAlert onClose={() => setFirstCreated(false)} />}
      <ConfigurationsForm
        key={sandbox?.id ?? 'draft'}
        app={app}
        permissions={permissions}
        sandbox={sandbox}
        production={production}
        create={create}
        onCreated={(dataConnection) => setFirstCreated(!sandbox && dataConnection)}
      />
    </Stack>
  );
}

/** The form of one version: its sections in order, the state and actions in useConfigurationsForm. */
function ConfigurationsForm(props: ConfigurationsFormInput) {
  const { t } = useTranslation();
  const config = useConfig();
  const form = useConfigurationsForm(props);
  const { app, permissions, sandbox, create } = props;
  return (
    <Stack>
      <IntroAlert />
      <Anchor href={MANIFEST_GUIDE_PATH} target="_blank" rel="noopener" size="sm">
        {t('reference.manifestGuide')}
      </Anchor>
      <VersionHeader {...props} form={form} creating={create.isPending} />
      <FormAlerts form={form} creating={create.isPending} />
      {!config.fedramp && <InstallationKeys app={app} sandbox={sandbox} />}
      <ComponentsCard form={form} />
      <DataConnectorCard form={form} />
      <InstructionsCard form={form} />
      <FormDialogs app={app} permissions={permissions} form={form} create={create} />
    </Stack>
  );
}
