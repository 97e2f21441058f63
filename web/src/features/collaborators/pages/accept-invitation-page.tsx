import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PanelPage } from '../../../components/panel-page.tsx';
import { TextSkeleton } from '../../../components/skeletons.tsx';
import { ApiRequestError, errorText } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/config.ts';
import { invitationPreviewQuery, useAcceptInvitation } from '../api.ts';

/** `/invitations/:token`: who invited me to which app; sign in (or sign up) and accept. */
export function AcceptInvitationPage() {
  const { t } = useTranslation();
  const token = useParams().token!;
  const user = useCurrentUser();
  const navigate = useNavigate();
  const preview = useQuery(invitationPreviewQuery(token));
  const accept = useAcceptInvitation(token);
  const [error, setError] = useState<string | null>(null);
  const back = encodeURIComponent(`/invitations/${token}`);

  const body = () => {
    if (preview.isPending) return <TextSkeleton lines={3} />;
    if (preview.isError) {
      const missing = preview.error instanceof ApiRequestError && preview.error.status === 404;
      return (
        <Alert color="red" role="alert" title={t('collaborators.accept.invalidTitle')}>
          {missing ? t('collaborators.accept.invalid') : t('collaborators.errors.generic')}
        </Alert>
      );
    }
    const invitation = preview.data;
    const role = t(`collaborators.roles.${invitation.role}`);
    if (invitation.state !== 'pending') {
      return (
        <Alert color="yellow" role="alert" title={t('collaborators.accept.unusableTitle')}>
          {t(`collaborators.accept.state.${invitation.state}`)}
        </Alert>
      );
    }
    const handleAccept = () => {
      setError(null);
      accept.mutate(undefined, {
        onSuccess: (result) => navigate(`/developer_apps/${result.developer_app_id}`),
        onError: (failure) => setError(errorText(failure, t('collaborators.errors.generic'))),
      });
    };
    return (
      <Stack>
        <Text>
          {t('collaborators.accept.summary', {
            inviter: invitation.inviter_name ?? t('collaborators.accept.someone'),
            app: invitation.app_name,
            role,
          })}
        </Text>
        <Text c="dimmed">{t('collaborators.accept.sentTo', { email: invitation.email_hint })}</Text>
        {error && (
          <Alert color="red" role="alert" title={t('collaborators.accept.refusedTitle')}>
            {error}
          </Alert>
        )}
        {user ? (
          <Stack>
            <Text>{t('collaborators.accept.signedInAs', { email: user.email })}</Text>
            <Group>
              <Button onClick={handleAccept} loading={accept.isPending}>
                {t('collaborators.accept.button')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack>
            <Text>{t('collaborators.accept.signInFirst')}</Text>
            <Group>
              <Button component={Link} to={`/login?next=${back}`}>
                {t('collaborators.accept.signIn')}
              </Button>
              <Anchor component={Link} to={`/sign_up?next=${back}`}>
                {t('collaborators.accept.signUp')}
              </Anchor>
            </Group>
          </Stack>
        )}
      </Stack>
    );
  };

  return (
    <PanelPage
      id="invitation-heading"
      title={
        preview.data?.state === 'pending'
          ? t('collaborators.accept.title', { app: preview.data.app_name })
          : t('collaborators.accept.genericTitle')
      }
    >
      {body()}
    </PanelPage>
  );
}
