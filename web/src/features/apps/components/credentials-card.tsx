import { Alert, Anchor, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { DeveloperApp, IssuedSecret } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { type AppPageProps, SectionCard } from '../../../components/section-card.tsx';
import { errorsJoined } from '../../../lib/api.ts';
import { useConfig } from '../../../lib/config.ts';
import { oauthApplicationQuery, useRequestProduction, useResetSecret } from '../api.ts';
import { CredentialsHeading } from './production-state.tsx';
import { ResetSecretDialog } from './reset-secret-dialog.tsx';
import { SecretReveal } from './secret-reveal.tsx';

/** Production credentials: request, approval notice, first view, acknowledged resets. */
export function CredentialsCard({ app, permissions }: AppPageProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const approved = app.production_access === 'production_approved' ? app.credentials : null;
  // The client as its own call reads it (spec developer-apps §7); the app's copy until it answers.
  const client = useQuery({
    ...oauthApplicationQuery(approved?.oauth_application_id ?? ''),
    enabled: !!approved,
  });
  const credentials = approved && {
    oauth_application_id: approved.oauth_application_id,
    client_id: client.data?.uid ?? approved.client_id,
    confidential: client.data?.confidential ?? approved.confidential,
    secret_masked: client.data ? client.data.secret_masked : approved.secret_masked,
  };
  const reset = useResetSecret(app.id);
  const [issued, setIssued] = useState<IssuedSecret | null>(null);
  const [failed, setError] = useState<string | null>(null);
  const [retrieveDismissed, setRetrieveDismissed] = useState(false);
  const error =
    failed ??
    (client.isError && !retrieveDismissed
      ? errorsJoined(client.error, t('apps.credentials.retrieveError'))
      : null);
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
      <ErrorBanner
        title={t('apps.errors.title')}
        message={error}
        onClose={() => {
          setError(null);
          setRetrieveDismissed(true);
        }}
      >
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
      {credentials && (
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
