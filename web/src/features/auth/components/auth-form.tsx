import {
  Container,
  Paper,
  PasswordInput,
  type PasswordInputProps,
  Stack,
  TextInput,
  type TextInputProps,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The card of the signed-out pages (sign in, sign up, confirm, forgot and reset password). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={440} py="xl">
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Stack>
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

/** The e-mail field of sign in, sign up and forgot password (the browser fills it in). */
export function EmailField(props: TextInputProps) {
  const { t } = useTranslation();
  return <TextInput label={t('auth.email')} type="email" autoComplete="email" required {...props} />;
}

/** A new password: the rules as its hint, and the browser's new-password suggestion. */
export function NewPasswordField(props: PasswordInputProps & { label: string }) {
  const { t } = useTranslation();
  return (
    <PasswordInput description={t('auth.passwordHint')} autoComplete="new-password" required {...props} />
  );
}
