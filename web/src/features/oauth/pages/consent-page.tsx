import { Alert, Button, Code, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PanelPage } from '../../../components/panel-page.tsx';
import { TextSkeleton } from '../../../components/skeletons.tsx';
import { errorText } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/config.ts';
import { consentQuery, useConsentDecision } from '../api.ts';

/**
 * `/oauth-consent/:environment/:uid`: an app asks to act for the signed-in user (the route requires
 * sign-in, so a visitor signs in first and comes back). Names the app and the permissions of its
 * current manifest; allowing or denying returns to the authorization server, which redirects to the app.
 */
export function ConsentPage() {
  const { t } = useTranslation();
  const { environment = '', uid = '' } = useParams();
  const user = useCurrentUser();
  const consent = useQuery(consentQuery(environment, uid));
  const decide = useConsentDecision(environment, uid);
  const [error, setError] = useState<string | null>(null);

  const handle = (decision: 'allow' | 'deny') => {
    setError(null);
    decide.mutate(decision, {
      onSuccess: (outcome) => window.location.assign(outcome.redirect_to),
      onError: (failure) => setError(errorText(failure, t('oauth.consent.failed'))),
    });
  };

  const body = () => {
    if (consent.isPending) return <TextSkeleton lines={3} />;
    if (consent.isError)
      return (
        <Alert color="red" role="alert" title={t('oauth.consent.invalidTitle')}>
          {t('oauth.consent.invalid')}
        </Alert>
      );
    const request = consent.data;
    return (
      <Stack>
        <Text>{t('oauth.consent.summary', { app: request.app_name, email: user?.email ?? '' })}</Text>
        <Text size="sm" c="dimmed">
          {t(`oauth.consent.environment.${request.environment}`)}
        </Text>
        <Title order={2} size="h4">
          {t('oauth.consent.permissionsTitle')}
        </Title>
        {request.permissions.length ? (
          <List>
            {request.permissions.map((p) => (
              <List.Item key={`${p.scope}.${p.tool}`}>
                {t('oauth.consent.permission', {
                  tool: p.tool,
                  level: p.level,
                  scope: t(`oauth.consent.scope.${p.scope}`),
                })}
              </List.Item>
            ))}
          </List>
        ) : (
          <Text>{t('oauth.consent.noPermissions')}</Text>
        )}
        <Text size="sm">
          {t('oauth.consent.redirect')} <Code>{request.redirect_uri}</Code>
        </Text>
        {error && (
          <Alert color="red" role="alert" title={t('oauth.consent.failedTitle')}>
            {error}
          </Alert>
        )}
        <Group>
          <Button onClick={() => handle('allow')} loading={decide.isPending && decide.variables === 'allow'}>
            {t('oauth.consent.allow')}
          </Button>
          <Button
            variant="default"
            onClick={() => handle('deny')}
            loading={decide.isPending && decide.variables === 'deny'}
          >
            {t('oauth.consent.deny')}
          </Button>
        </Group>
      </Stack>
    );
  };

  return (
    <PanelPage
      id="consent-heading"
      title={
        consent.data
          ? t('oauth.consent.title', { app: consent.data.app_name })
          : t('oauth.consent.genericTitle')
      }
    >
      {body()}
    </PanelPage>
  );
}
