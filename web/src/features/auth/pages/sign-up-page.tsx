import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_MIN_LENGTH } from '@portal/contracts/limits';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { emailFieldError } from '../../../lib/email-field.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { invitationPreviewQuery } from '../../collaborators/index.ts';
import { useSignUp } from '../api.ts';
import { AuthCard, EmailField, NewPasswordField } from '../components/auth-form.tsx';
import { FormError } from '../components/form-error.tsx';
import { MailSentNotice } from '../components/outbox-hint.tsx';

/** The invitation token when the way back is an invitation page (`next=/invitations/{token}`). */
const invitationToken = (next: string | null) => /^\/invitations\/([^/?#]+)$/.exec(next ?? '')?.[1] ?? null;

export function SignUpPage() {
  const { t } = useTranslation();
  const signUp = useSignUp();
  const next = useSearchParams()[0].get('next');
  const token = invitationToken(next);
  const invitation = useQuery({ ...invitationPreviewQuery(token ?? ''), enabled: token !== null });
  const form = useForm({
    initialValues: { name: '', email: '', password: '', company_name: '' },
    validate: {
      name: (value) => (value.trim() ? null : 'Name is required'),
      email: (value) =>
        emailFieldError(value, { required: t('auth.emailRequired'), invalid: t('auth.emailInvalid') }),
      password: (value) =>
        value.length >= PASSWORD_MIN_LENGTH
          ? null
          : `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
    },
  });

  // Signing up from an invitation: the address it was sent to, unless the person typed one already.
  const invitedEmail = invitation.data?.email;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill in once, when the address arrives
  useEffect(() => {
    if (invitedEmail && !form.getValues().email) form.setFieldValue('email', invitedEmail);
  }, [invitedEmail]);

  if (signUp.isSuccess) {
    return (
      <AuthCard title={t('auth.signUpDone')}>
        <MailSentNotice>{t('auth.signUpDoneBody', { email: form.getValues().email })}</MailSentNotice>
      </AuthCard>
    );
  }

  const handleSubmit = form.onSubmit(({ company_name, ...values }) =>
    signUp.mutate(
      {
        ...values,
        ...(company_name.trim() ? { company_name } : {}),
        ...(next?.startsWith('/') && !next.startsWith('//') ? { next } : {}),
      },
      { onError: (error) => applyFieldErrors(form, error) },
    ),
  );

  return (
    <AuthCard title={t('auth.signUpTitle')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <FormError error={signUp.error} />
          {invitedEmail && invitation.data && (
            <Alert color="blue" role="status">
              {t('auth.signUpInvited', { app: invitation.data.app_name })}
            </Alert>
          )}
          <TextInput label={t('auth.name')} autoComplete="name" required {...form.getInputProps('name')} />
          <EmailField {...form.getInputProps('email')} />
          <NewPasswordField label={t('auth.password')} {...form.getInputProps('password')} />
          <TextInput
            label={t('auth.companyName')}
            autoComplete="organization"
            {...form.getInputProps('company_name')}
          />
          <Button type="submit" loading={signUp.isPending}>
            {t('auth.signUp')}
          </Button>
          <Anchor component={Link} to="/login" size="sm">
            {t('auth.haveAccount')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
