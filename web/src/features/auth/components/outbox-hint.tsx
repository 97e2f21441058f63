import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '../../../lib/config.ts';

/**
 * Where the e-mail went when the portal has no mail server: the admin outbox (README, "Run it").
 * Shown wherever the portal says it sent a message; nothing with SMTP.
 */
export function OutboxHint() {
  const { t } = useTranslation();
  if (useConfig().mail_delivery !== 'outbox') return null;
  return (
    <Alert color="yellow" role="note" title={t('auth.outboxTitle')}>
      <Text size="sm">{t('auth.outboxBody')}</Text>
      <Anchor component={Link} to="/admin/outbox" size="sm">
        {t('auth.outboxLink')}
      </Anchor>
    </Alert>
  );
}

/** "We sent you an e-mail" after a form, and where it went when the portal has no SMTP. */
export function MailSentNotice({ children }: { children: ReactNode }) {
  return (
    <Stack>
      <Alert color="green" role="status">
        {children}
      </Alert>
      <OutboxHint />
    </Stack>
  );
}
