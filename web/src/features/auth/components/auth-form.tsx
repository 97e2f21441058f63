import { PasswordInput, type PasswordInputProps, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelPage } from '../../../components/panel-page.tsx';

/** The card of the signed-out pages (sign in, sign up, confirm, forgot and reset password). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PanelPage title={title} size={440} raised>
      {children}
    </PanelPage>
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
