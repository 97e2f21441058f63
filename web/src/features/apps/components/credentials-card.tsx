import { Alert, Anchor, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { DeveloperApp, IssuedSecret } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { type AppPageProps, SectionCard } from '../../../components/section-card.tsx';
import { errorsJoined } from '../../../lib/api.ts';
import { useConfig } from '../../../lib/config.ts';
import { useRequestProduction, useResetSecret } from '../api.ts';
import { CredentialsHeading } from './production-state.tsx';
import { ResetSecretDialog } from './reset-secret-dialog.tsx';
import { SecretReveal } from './secret-reveal.tsx';

/** Production credentials: request, approval notice, first view, acknowledged resets. */
export function CredentialsCard({ app, permissions }: AppPageProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const credentials = app.credentials;
  const reset = useResetSecret(app.id);
  const [issued, setIssued] = useState<IssuedSecret | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, { open, close }] = useDisclosure(false);

  const issue = (withAck: boolean) => {
    if (!credentials) return;
    setError(null);
    reset.mutate(
      { oauthApplicationId: credentials.oauth_application_id, acknowledged: withAck },
      {
        onSuccess: (result) => {
          setIssued(result as IssuedSecret);
          close();
        },
        onError: (failure) => {
          close();
          setError(errorsJoined(failure, t('apps.credentials.retrieveError')));
        },
      },
    );
  };

  return (
    <SectionCard id="credentials-heading" title={t('apps.credentials.title')}>
      <CredentialsHeading app={app} environment="production" />
      <Text size="sm" c="dimmed">
        {t('apps.credentials.confidentialityNotice')}
      </Text>
      <ErrorBanner title={t('apps.errors.title')} message={error} onClose={() => setError(null)}>
        <Text size="sm">
          {t('apps.credentials.reload')}{' '}
          <Anchor href={`mailto:${config.support_email}`}>{config.support_email}</Anchor>
        </Text>
      </ErrorBanner>
      {app.production_access === 'none' &&
        (permissions.canModifyCredentials ? (
          <RequestProduction app={app} />
        ) : (
          <Text>{t('apps.credentials.notRequested')}</Text>
        ))}
      {app.production_access === 'production_pending' && (
        <Alert color="yellow" title={t('apps.credentials.pendingTitle')} role="status">
          {t('apps.credentials.apiKeyApproval')}
        </Alert>
      )}
      {app.production_access === 'production_approved' && credentials && (
        <Stack>
          <TextInput label={t('apps.credentials.clientId')} value={credentials.client_id} readOnly />
          <TextInput
            label={t('apps.credentials.clientType')}
            value={
              credentials.confidential ? t('apps.credentials.confidential') : t('apps.credentials.public')
            }
            readOnly
          />
          {credentials.confidential && (
            <TextInput
              label={t('apps.credentials.clientSecret')}
              value={credentials.secret_masked ?? t('apps.credentials.notShownYet')}
              readOnly
            />
          )}
          {issued && <SecretReveal uid={issued.uid} secret={issued.secret} once />}
          {credentials.confidential && permissions.canModifyCredentials && (
            <Group>
              {credentials.secret_masked === null ? (
                <Button onClick={() => issue(false)} loading={reset.isPending}>
                  {t('apps.credentials.show')}
                </Button>
              ) : (
                <Button variant="outline" color="red" onClick={open}>
                  {t('apps.credentials.reset')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      )}
      <ResetSecretDialog
        opened={confirming}
        loading={reset.isPending}
        onClose={close}
        onConfirm={() => issue(true)}
      />
    </SectionCard>
  );
}

function RequestProduction({ app }: { app: DeveloperApp }) {
  const { t } = useTranslation();
  const request = useRequestProduction(app.id);
  const [opened, { open, close }] = useDisclosure(false);
  const [kind, setKind] = useState<'confidential' | 'public'>('confidential');
  const handleSubmit = () => request.mutate({ confidential: kind === 'confidential' }, { onSuccess: close });
  return (
    <>
      <Button onClick={open} w="fit-content">
        {t('apps.credentials.request')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('apps.credentials.requestTitle')}>
        <Stack>
          <Radio.Group
            label={t('apps.credentials.clientType')}
            value={kind}
            onChange={(value) => setKind(value as 'confidential' | 'public')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="confidential" label={t('apps.credentials.confidentialOption')} />
              <Radio value="public" label={t('apps.credentials.publicOption')} />
            </Stack>
          </Radio.Group>
          {request.isError && (
            <Alert color="red" role="alert" title={t('apps.errors.title')}>
              {errorsJoined(request.error, t('apps.errors.generic'))}
            </Alert>
          )}
          <DialogActions onCancel={close}>
            <Button onClick={handleSubmit} loading={request.isPending}>
              {t('apps.credentials.requestSubmit')}
            </Button>
          </DialogActions>
        </Stack>
      </Modal>
    </>
  );
}
