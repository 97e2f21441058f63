import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { useResetPassword } from '../api.ts';
import { AuthCard, NewPasswordField } from '../components/auth-form.tsx';
import { FormError } from '../components/form-error.tsx';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const reset = useResetPassword();
  const form = useForm({ initialValues: { password: '' } });
  const token = params.get('token') ?? '';
  const handleSubmit = form.onSubmit((values) =>
    reset.mutate({ token, password: values.password }, { onError: (error) => applyFieldErrors(form, error) }),
  );
  const tokenError = reset.error instanceof ApiRequestError ? reset.error.fields.token : undefined;
  const hasFieldErrors = reset.error instanceof ApiRequestError && Object.keys(reset.error.fields).length > 0;
  return (
    <AuthCard title={t('auth.resetTitle')}>
      {reset.isSuccess ? (
        <Stack>
          <Alert color="green" role="status">
            {t('auth.resetDone')}
          </Alert>
          <Anchor component={Link} to="/login">
            {t('auth.signIn')}
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack>
            {tokenError ? (
              <Alert color="red" role="alert">
                {tokenError.join(' ')}
              </Alert>
            ) : (
              <FormError error={hasFieldErrors ? null : reset.error} />
            )}
            <NewPasswordField label={t('auth.newPassword')} {...form.getInputProps('password')} />
            <Button type="submit" loading={reset.isPending}>
              {t('auth.resetSubmit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
