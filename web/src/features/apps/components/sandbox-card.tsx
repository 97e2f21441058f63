import { Alert, Anchor, Button, Group, Loader, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { DeveloperApp, DeveloperAppPermissions, IssuedSecret, SandboxOauthApp } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { type AppPageProps, SectionCard } from '../../../components/section-card.tsx';
import { errorsJoined } from '../../../lib/api.ts';
import { useConfig } from '../../../lib/config.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import {
  useGenerateSandbox,
  useKickoff,
  useResetSandboxSecret,
  useRevealSandboxSecret,
  useUpdateSandbox,
} from '../api.ts';
import { clientSettingsRules } from '../client-settings-rules.ts';
import { CredentialsHeading } from './production-state.tsx';
import { ResetSecretDialog } from './reset-secret-dialog.tsx';
import { SecretReveal } from './secret-reveal.tsx';

/** The sandbox account: building, live (its OAuth app form) or failed. Hidden in FedRAMP. */
export function SandboxCard({ app, permissions }: AppPageProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const sandbox = app.sandbox;
  const generate = useGenerateSandbox(app.id);
  const kickoff = useKickoff(app.id);
  const [error, setError] = useState<string | null>(null);
  const onError = (failure: unknown) => setError(errorsJoined(failure, t('apps.errors.generic')));

  const generateButton = permissions.canGenerateSandbox ? (
    <Button
      w="fit-content"
      loading={generate.isPending}
      onClick={() => generate.mutate(undefined, { onError })}
    >
      {t('apps.sandbox.generate')}
    </Button>
  ) : (
    <Text>{t('apps.sandbox.ownerOnly')}</Text>
  );

  return (
    <SectionCard id="sandbox-heading" title={t('apps.sandbox.title')}>
      <ErrorBanner title={t('apps.errors.title')} message={error} onClose={() => setError(null)} />
      {!sandbox && (
        <>
          <Text>{t('apps.sandbox.none')}</Text>
          {generateButton}
        </>
      )}
      {sandbox?.status === 'pending' && (
        <Group>
          <Loader size="sm" aria-hidden />
          <Text role="status">{t('apps.sandbox.building')}</Text>
        </Group>
      )}
      {sandbox?.status === 'failed' && (
        <>
          <Alert color="red" title={t('apps.sandbox.failedTitle')} role="alert">
            <Text>{t('apps.sandbox.failed')}</Text>
            <Text>{t('apps.sandbox.teamNotified')}</Text>
            <Anchor href={`mailto:${config.support_email}`}>{t('apps.sandbox.contactSupport')}</Anchor>
          </Alert>
          {generateButton}
        </>
      )}
      {app.generate_fake_sandbox_path && sandbox?.status !== 'live' && (
        <Button
          variant="light"
          w="fit-content"
          loading={kickoff.isPending}
          onClick={() => kickoff.mutate(app.generate_fake_sandbox_path!, { onError })}
        >
          {t('apps.sandbox.generateNow')}
        </Button>
      )}
      {sandbox?.status === 'live' && (
        <LiveSandbox
          app={app}
          sandbox={sandbox}
          permissions={permissions}
          onAction={() => setError(null)}
          onError={onError}
        />
      )}
    </SectionCard>
  );
}

/** The live sandbox's OAuth app form; every failed action goes to the card's banner (`onError`). */
function LiveSandbox({
  app,
  sandbox,
  permissions,
  onAction,
  onError,
}: {
  app: DeveloperApp;
  sandbox: SandboxOauthApp;
  permissions: DeveloperAppPermissions;
  onAction: () => void;
  onError: (failure: unknown) => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateSandbox(app.id);
  const reset = useResetSandboxSecret(app.id);
  const reveal = useRevealSandboxSecret();
  const [shown, setShown] = useState<IssuedSecret | null>(null);
  const [confirmingReset, { open: openReset, close: closeReset }] = useDisclosure(false);
  const form = useForm({
    initialValues: { redirect_uri: sandbox.redirect_uri, allowed_cors_domain: sandbox.allowed_cors_domain },
    validate: {
      ...clientSettingsRules,
    },
  });
  const handleSubmit = form.onSubmit((values) => {
    onAction();
    update.mutate(
      { id: sandbox.id, ...values },
      {
        onSuccess: () => {
          form.resetDirty();
          notifications.show({ message: t('apps.sandbox.saved'), color: 'green' });
        },
        onError: (failure) => {
          applyFieldErrors(form, failure);
          onError(failure);
        },
      },
    );
  });
  const handleReveal = () => {
    if (shown) return setShown(null);
    onAction();
    reveal.mutate(sandbox.oauth_application_id!, { onSuccess: setShown, onError });
  };
  const handleReset = () => {
    onAction();
    reset.mutate(sandbox.id, {
      onSuccess: (result) => {
        closeReset();
        setShown(result as IssuedSecret);
      },
      onError: (failure) => {
        closeReset();
        onError(failure);
      },
    });
  };
  const date = (value: string) => new Date(value).toLocaleString();
  return (
    <>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <Group grow>
            <TextInput label={t('apps.sandbox.created')} value={date(sandbox.created_at)} readOnly />
            <TextInput label={t('apps.sandbox.updated')} value={date(sandbox.updated_at)} readOnly />
          </Group>
          <TextInput label={t('apps.sandbox.companyId')} value={String(sandbox.company_id ?? '')} readOnly />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('apps.sandbox.url')}:{' '}
            <Anchor href={sandbox.url ?? undefined} target="_blank" rel="noreferrer">
              {sandbox.url}
            </Anchor>
          </Text>
          <CredentialsHeading app={app} environment="sandbox" />
          <Textarea
            label={t('apps.settings.redirectUri')}
            description={t('apps.settings.redirectUriHint')}
            rows={3}
            disabled={!permissions.canEdit}
            {...form.getInputProps('redirect_uri')}
          />
          <TextInput label={t('apps.sandbox.appId')} value={sandbox.app_id ?? ''} readOnly />
          <TextInput label={t('apps.sandbox.secret')} value={sandbox.secret_masked ?? ''} readOnly />
          {shown && <SecretReveal uid={shown.uid} secret={shown.secret} once={false} />}
          <Group>
            {sandbox.oauth_application_id && permissions.canViewClientCredentials && (
              <Button
                variant="default"
                loading={reveal.isPending}
                onClick={handleReveal}
                aria-expanded={!!shown}
              >
                {shown ? t('apps.sandbox.hide') : t('apps.sandbox.reveal')}
              </Button>
            )}
            {permissions.canModifyCredentials && (
              <Button variant="outline" color="red" onClick={openReset}>
                {t('apps.sandbox.reset')}
              </Button>
            )}
          </Group>
          <TextInput
            label={t('apps.settings.cors')}
            description={t('apps.settings.corsHint')}
            disabled={!permissions.canEdit}
            {...form.getInputProps('allowed_cors_domain')}
          />
          <TextInput label={t('apps.sandbox.procoreAppId')} value={sandbox.procore_app_id} readOnly />
          <Button
            type="submit"
            w="fit-content"
            loading={update.isPending}
            disabled={!permissions.canEdit || !form.isDirty()}
          >
            {t('apps.sandbox.save')}
          </Button>
        </Stack>
      </form>
      <ResetSecretDialog
        opened={confirmingReset}
        loading={reset.isPending}
        onClose={closeReset}
        onConfirm={handleReset}
      />
    </>
  );
}
