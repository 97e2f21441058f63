import { Button, Checkbox, Group, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { AdminDeveloperApp, DeveloperOption } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { listDate } from '../../../components/list-date.ts';
import { errorsJoined } from '../../../lib/api.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { showSaved, useFollowSaved } from '../../../lib/saved-form.ts';
import { clientSettingsRules, LogoField } from '../../apps/index.ts';
import { useRemoveAdminLogo, useUpdateAdminApp, useUploadAdminLogo } from '../api.ts';
import { ProductionAccessPanel } from './production-access-panel.tsx';

const valuesOf = (app: AdminDeveloperApp) => ({
  internal_name: app.internal_name,
  name: app.name ?? '',
  redirect_uri: app.redirect_uri,
  allowed_cors_domain: app.allowed_cors_domain,
  legacy: app.legacy,
  connectable: app.connectable,
  marketplace_enabled: app.marketplace_enabled,
});

/**
 * General tab (spec admin §2): the logo (uploaded on its own, like the developer's), the app's settings,
 * and the production credentials request.
 */
export function GeneralTab({
  app,
  pendingOwner,
  onSaved,
}: {
  app: AdminDeveloperApp;
  pendingOwner: DeveloperOption | null;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateAdminApp(app.id);
  const uploadLogo = useUploadAdminLogo(app.id);
  const removeLogo = useRemoveAdminLogo(app.id);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: valuesOf(app),
    validate: {
      internal_name: (value) => (value.trim() ? null : t('adminApp.internalNameRequired')),
      ...clientSettingsRules,
    },
  });
  useFollowSaved(form, valuesOf(app), app);

  const save = form.onSubmit((values) => {
    setError(null);
    update.mutate(
      { ...values, ...(pendingOwner ? { owner_id: pendingOwner.id } : {}) },
      {
        onSuccess: (saved) => {
          showSaved(form, valuesOf(saved));
          onSaved();
          notifications.show({ message: t('adminApp.updated'), color: 'green' });
        },
        onError: (e) => {
          applyFieldErrors(form, e);
          setError(errorsJoined(e, t('errors.generic')));
        },
      },
    );
  });

  return (
    <Stack>
      <ErrorBanner title={t('adminApp.couldNotSave')} message={error} onClose={() => setError(null)} />
      <LogoField
        previewUrl={app.thumbnail_url}
        upload={uploadLogo}
        remove={removeLogo}
        disabled={false}
        onError={(failure) => setError(errorsJoined(failure, t('errors.generic')))}
      />
      <form onSubmit={save} noValidate>
        <Stack>
          <TextInput label={t('adminApp.internalName')} required {...form.getInputProps('internal_name')} />
          <TextInput label={t('adminApp.publicName')} {...form.getInputProps('name')} />
          <Textarea
            label={t('adminApp.redirectUri')}
            description={t('adminApp.redirectUriHint')}
            rows={3}
            {...form.getInputProps('redirect_uri')}
          />
          <TextInput label={t('adminApp.corsDomains')} {...form.getInputProps('allowed_cors_domain')} />
          <Checkbox label={t('adminApp.legacy')} {...form.getInputProps('legacy', { type: 'checkbox' })} />
          <Checkbox
            label={t('adminApp.connectable')}
            {...form.getInputProps('connectable', { type: 'checkbox' })}
          />
          <Switch
            label={t('adminApp.marketplaceEnabled')}
            description={
              app.marketplace_access_requested_at && !app.marketplace_enabled
                ? t('adminApp.marketplaceRequested', { date: listDate(app.marketplace_access_requested_at) })
                : undefined
            }
            {...form.getInputProps('marketplace_enabled', { type: 'checkbox' })}
          />
          <Group>
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty() && !pendingOwner}>
              {t('adminApp.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ProductionAccessPanel app={app} />
    </Stack>
  );
}
