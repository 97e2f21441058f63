import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { useForgotPassword } from '../api.ts';
import { AuthCard, EmailField } from '../components/auth-form.tsx';
import { FormError } from '../components/form-error.tsx';
import { MailSentNotice } from '../components/outbox-hint.tsx';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const form = useForm({ initialValues: { email: '' } });
  const handleSubmit = form.onSubmit((values) =>
    forgot.mutate(values, { onError: (error) => applyFieldErrors(form, error) }),
  );
  return (
    <AuthCard title={t('auth.forgotTitle')}>
      {forgot.isSuccess ? (
        <MailSentNotice>{t('auth.forgotDone', { email: form.getValues().email })}</MailSentNotice>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack>
            <FormError error={forgot.error} />
            <EmailField {...form.getInputProps('email')} />
            <Button type="submit" loading={forgot.isPending}>
              {t('auth.forgotSubmit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
