import {
  Button,
  Container,
  Paper,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { CurrentUser } from '@portal/contracts';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/config.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { useChangePassword, useUpdateSettings } from '../api.ts';
import { NewPasswordField } from '../components/auth-form.tsx';
import { FormError } from '../components/form-error.tsx';

export function SettingsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser()!;
  return (
    <Container size="sm" py="md">
      <Stack>
        <Title order={1}>{t('settings.title')}</Title>
        <ProfileForm user={user} />
        <PasswordForm />
      </Stack>
    </Container>
  );
}

function ProfileForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const update = useUpdateSettings();
  const form = useForm({
    initialValues: {
      name: user.name,
      company_name: user.company_name ?? '',
      critical_emails: user.critical_emails,
    },
  });
  const handleSubmit = form.onSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        form.setInitialValues({
          name: saved.name,
          company_name: saved.company_name ?? '',
          critical_emails: saved.critical_emails,
        });
        notifications.show({ message: t('settings.saved'), color: 'green' });
      },
      onError: (error) => applyFieldErrors(form, error),
    }),
  );
  return (
    <SettingsSection headingId="profile-heading" title={t('settings.profile')} onSubmit={handleSubmit}>
      <FormError error={update.error} />
      <Text size="sm" c="dimmed">
        {user.email}
      </Text>
      <TextInput label={t('auth.name')} required {...form.getInputProps('name')} />
      <TextInput label={t('auth.companyName')} {...form.getInputProps('company_name')} />
      <Switch
        label={t('settings.criticalEmails')}
        description={t('settings.criticalEmailsHint')}
        {...form.getInputProps('critical_emails', { type: 'checkbox' })}
      />
      <Button type="submit" loading={update.isPending} disabled={!form.isDirty()} w="fit-content">
        {t('settings.save')}
      </Button>
    </SettingsSection>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm({ initialValues: { current_password: '', new_password: '' } });
  const handleSubmit = form.onSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        notifications.show({ message: t('settings.passwordChanged'), color: 'green' });
      },
      onError: (error) => applyFieldErrors(form, error),
    }),
  );
  return (
    <SettingsSection headingId="password-heading" title={t('settings.passwordTitle')} onSubmit={handleSubmit}>
      <PasswordInput
        label={t('settings.currentPassword')}
        autoComplete="current-password"
        required
        {...form.getInputProps('current_password')}
      />
      <NewPasswordField label={t('settings.newPassword')} {...form.getInputProps('new_password')} />
      <Button type="submit" loading={change.isPending} w="fit-content">
        {t('settings.changePassword')}
      </Button>
    </SettingsSection>
  );
}

/** One titled form of the settings page. */
function SettingsSection({
  headingId,
  title,
  onSubmit,
  children,
}: {
  headingId: string;
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={headingId}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={2} size="h3" id={headingId}>
            {title}
          </Title>
          {children}
        </Stack>
      </form>
    </Paper>
  );
}
