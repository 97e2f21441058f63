import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api.ts';
import { useSignInWithLink } from '../api.ts';
import { AuthCard } from '../components/auth-form.tsx';
import { safeNext } from './sign-in-page.tsx';

/**
 * Where an e-mailed sign-in link lands. Signing in takes a click: mail scanners and link previews
 * open links too, and must not use up the link (it works once).
 */
export function SignInLinkPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signIn = useSignInWithLink();
  if (signIn.isSuccess) return <Navigate to={safeNext(params.get('next'))} replace />;
  const failed = signIn.isError || !token;
  // The server's reason (a used or expired link, a disabled account), else the link is malformed.
  const reason =
    signIn.error instanceof ApiRequestError
      ? (signIn.error.fields.token?.join(' ') ?? signIn.error.message)
      : t('auth.signInLinkFailed');
  return (
    <AuthCard title={t('auth.signInLinkTitle')}>
      <Stack>
        {failed ? (
          <Alert color="red" role="alert">
            {reason}
          </Alert>
        ) : (
          <Text>{t('auth.signInLinkIntro')}</Text>
        )}
        {failed ? (
          <Anchor component={Link} to="/login">
            {t('auth.backToSignIn')}
          </Anchor>
        ) : (
          <Button loading={signIn.isPending} onClick={() => signIn.mutate({ token })}>
            {t('auth.signIn')}
          </Button>
        )}
      </Stack>
    </AuthCard>
  );
}
