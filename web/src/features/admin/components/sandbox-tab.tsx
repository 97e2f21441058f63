import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { AdminDeveloperApp } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { errorsJoined } from '../../../lib/api.ts';
import { clientSettingsRules } from '../../apps/index.ts';
import { useUpdateAdminApp } from '../api.ts';

/** Sandbox tab: the sandbox company and its OAuth client, saved as `sandbox_attributes`. */
export function SandboxTab({ app }: { app: AdminDeveloperApp }) {
  const { t } = useTranslation();
  const update = useUpdateAdminApp(app.id);
  const [error, setError] = useState<string | null>(null);
  const sandbox = app.sandbox;
  const form = useForm({
    initialValues: {
      redirect_uri: sandbox?.redirect_uri ?? '',
      allowed_cors_domain: sandbox?.allowed_cors_domain ?? '',
    },
    validate: {
      ...clientSettingsRules,
    },
  });
  if (!sandbox) return <Text>{t('adminApp.noSandbox')}</Text>;
  const save = form.onSubmit((values) =>
    update.mutate(
      { sandbox_attributes: values },
      {
        onSuccess: () => {
          form.resetDirty(values);
          notifications.show({ message: t('adminApp.updated'), color: 'green' });
        },
        onError: (e) => setError(errorsJoined(e, t('errors.generic'))),
      },
    ),
  );
  return (
    <Stack>
      <ErrorBanner title={t('adminApp.couldNotSave')} message={error} onClose={() => setError(null)} />
      <Text size="sm">
        {t('adminApp.sandboxStatus')}: {sandbox.status}
      </Text>
      {sandbox.url && (
        <Text size="sm">
          {t('adminApp.sandboxUrl')}: {sandbox.url}
        </Text>
      )}
      <Text size="sm">
        {t('adminApp.sandboxAppId')}: {sandbox.app_id ?? t('adminLists.none')}
      </Text>
      {sandbox.status === 'live' && (
        <form onSubmit={save} noValidate>
          <Stack>
            <Textarea label={t('adminApp.redirectUri')} rows={3} {...form.getInputProps('redirect_uri')} />
            <TextInput label={t('adminApp.corsDomains')} {...form.getInputProps('allowed_cors_domain')} />
            <Group>
              <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
                {t('adminApp.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
