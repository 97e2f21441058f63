import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { DeveloperApp } from '@portal/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import type { AppPageProps } from '../../../components/section-card.tsx';
import { errorsJoined } from '../../../lib/api.ts';
import { useConfig } from '../../../lib/config.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { showSaved, useFollowSaved } from '../../../lib/saved-form.ts';
import { useRemoveLogo, useUpdateApp, useUploadLogo } from '../api.ts';
import { clientSettingsRules } from '../client-settings-rules.ts';
import { LogoField } from './logo-field.tsx';
import { CredentialsHeading, useProductionValues } from './production-state.tsx';

const valuesOf = (app: DeveloperApp) => ({
  name: app.name ?? '',
  internal_name: app.internal_name,
  redirect_uri: app.redirect_uri,
  allowed_cors_domain: app.allowed_cors_domain,
  legacy: app.legacy,
  connectable: app.connectable,
});

/** Settings fields as spec developer-apps §2 Settings tab lists them; Save only when allowed and changed. */
export function AppSettingsCard({
  app,
  permissions,
  collaborators,
}: AppPageProps & {
  /** The read-only collaborators list under its heading (the app page brings it from collaborators). */
  collaborators: ReactNode;
}) {
  const { t } = useTranslation();
  const config = useConfig();
  const update = useUpdateApp(app.id);
  const uploadLogo = useUploadLogo(app.id);
  const removeLogo = useRemoveLogo(app.id);
  const [error, setError] = useState<string | null>(null);
  const showError = (failure: unknown) => setError(errorsJoined(failure, t('apps.errors.generic')));
  const form = useForm({
    initialValues: valuesOf(app),
    validate: {
      internal_name: (value) => (value.trim() ? null : t('apps.settings.internalNameRequired')),
      ...clientSettingsRules,
    },
  });
  useFollowSaved(form, valuesOf(app), app.updated_at);

  const production = useProductionValues(app);
  const canChange = (field: string) => permissions.appFieldPermissions[field] ?? false;
  const published = Boolean(app.published_at);
  const handleSubmit = form.onSubmit((values) => {
    const changed = Object.fromEntries(
      Object.entries(values).filter(
        ([key, value]) => value !== form.getInitialValues()[key as keyof typeof values],
      ),
    );
    setError(null);
    update.mutate(changed, {
      onSuccess: (saved) => {
        form.setInitialValues(valuesOf(saved));
        showSaved(form, valuesOf(saved));
        notifications.show({ message: t('apps.settings.saved'), color: 'green' });
      },
      onError: (failure) => {
        applyFieldErrors(form, failure);
        showError(failure);
      },
    });
  });

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="settings-heading">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <Title order={2} size="h3" id="settings-heading">
            {t('apps.settings.title')}
          </Title>
          {published && (
            <Alert color="blue" role="status">
              <Text>{t('apps.settings.publishedDisabled')}</Text>
              <Text>
                {t('apps.settings.contactSupport')}{' '}
                <Anchor href={`mailto:${config.support_email}`} c="inherit" underline="always">
                  {config.support_email}
                </Anchor>
              </Text>
            </Alert>
          )}
          <TextInput
            label={t('apps.settings.publicName')}
            disabled={!canChange('name')}
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('apps.settings.listingName')}
            value={app.listing_name ?? t('apps.settings.notAvailable')}
            readOnly
          />
          <TextInput
            label={t('apps.settings.internalName')}
            required
            disabled={!canChange('internal_name')}
            {...form.getInputProps('internal_name')}
          />
          <LogoField
            previewUrl={app.thumbnail_url}
            upload={uploadLogo}
            remove={removeLogo}
            disabled={!canChange('thumbnail')}
            onError={showError}
          />
          <CredentialsHeading app={app} environment="production" />
          <TextInput label={t('apps.settings.appId')} value={production.appId} readOnly />
          <Textarea
            label={t('apps.settings.redirectUri')}
            description={t('apps.settings.redirectUriHint')}
            rows={3}
            disabled={!canChange('redirect_uri')}
            {...form.getInputProps('redirect_uri')}
          />
          {app.uid && (
            <Checkbox
              label={t('apps.settings.legacy')}
              disabled={!canChange('legacy')}
              {...form.getInputProps('legacy', { type: 'checkbox' })}
            />
          )}
          <TextInput label={t('apps.settings.clientType')} value={production.clientType} readOnly />
          <TextInput label={t('apps.settings.secret')} value={production.secret} readOnly />
          <TextInput
            label={t('apps.settings.cors')}
            description={t('apps.settings.corsHint')}
            disabled={!canChange('allowed_cors_domain')}
            {...form.getInputProps('allowed_cors_domain')}
          />
          <Checkbox
            label={t('apps.settings.connectable')}
            disabled={!canChange('connectable')}
            {...form.getInputProps('connectable', { type: 'checkbox' })}
          />
          <Title order={3} size="h4">
            {t('apps.settings.contacts')}
          </Title>
          {app.contacts.length === 0 ? (
            <Text c="dimmed">{t('apps.settings.noContacts')}</Text>
          ) : (
            app.contacts.map((contact) => (
              <Group key={contact.id} gap="xs" wrap="wrap">
                <Text style={{ overflowWrap: 'anywhere' }}>
                  {contact.name} · {contact.email}
                </Text>
                {canChange('contacts') && (
                  <Anchor
                    component={Link}
                    to={contact.links.edit}
                    size="sm"
                    aria-label={t('apps.contacts.editNamed', { name: contact.name })}
                  >
                    {t('apps.contacts.edit')}
                  </Anchor>
                )}
              </Group>
            ))
          )}
          <Title order={3} size="h4">
            {t('apps.settings.collaborators')}
          </Title>
          {collaborators}
          <ErrorBanner title={t('apps.errors.title')} message={error} onClose={() => setError(null)} />
          <Group>
            <Button
              type="submit"
              loading={update.isPending}
              disabled={!permissions.canEdit || !form.isDirty()}
            >
              {t('apps.settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
