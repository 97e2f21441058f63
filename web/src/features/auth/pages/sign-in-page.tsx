import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/config.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { useSignIn } from '../api.ts';
import { AuthCard, EmailField } from '../components/auth-form.tsx';
import { FormError } from '../components/form-error.tsx';
import { OutboxHint } from '../components/outbox-hint.tsx';
import { SignInLinkOffer } from '../components/sign-in-link-offer.tsx';

/** Only same-site paths are followed after sign-in. */
export function safeNext(next: string | null, fallback = '/developer_apps'): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : fallback;
}

export function SignInPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  const form = useForm({ initialValues: { email: '', password: '' } });
  const next = safeNext(params.get('next'));
  const lockedOut = signIn.error instanceof ApiRequestError && signIn.error.body.code === 'rate_limited';
  const error = signIn.error;
  if (user && !signIn.isSuccess) return <Navigate to={next} replace />;

  const handleSubmit = form.onSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: () => navigate(next, { replace: true }),
      onError: (error) => applyFieldErrors(form, error),
    }),
  );

  return (
    <AuthCard title={t('auth.signInTitle')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          {lockedOut && error ? (
            <SignInLinkOffer message={error.message} email={form.getValues().email} next={next} />
          ) : (
            <FormError error={error} />
          )}
          {error instanceof ApiRequestError && error.body.code === 'email_not_confirmed' && <OutboxHint />}
          <EmailField {...form.getInputProps('email')} />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={signIn.isPending}>
            {t('auth.signIn')}
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/sign_up" size="sm">
              {t('auth.noAccount')}
            </Anchor>
            <Anchor component={Link} to="/forgot_password" size="sm">
              {t('auth.forgot')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
