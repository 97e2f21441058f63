import { Alert, Button, Group, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AdminDeveloperApp } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card.tsx';
import { errorsJoined } from '../../../lib/api.ts';
import { useProductionDecision } from '../api.ts';

/** The production credentials request: its state, and for a pending one approve / deny with a reason. */
export function ProductionAccessPanel({ app }: { app: AdminDeveloperApp }) {
  const { t } = useTranslation();
  const decide = useProductionDecision(app.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const run = (decision: { approve: true } | { approve: false; reason: string }, done: string) =>
    decide.mutate(decision, {
      onSuccess: () => {
        setReason('');
        notifications.show({ message: done, color: 'green' });
      },
      onError: (e) => setError(errorsJoined(e, t('errors.generic'))),
    });
  return (
    <SectionCard id="production-heading" title={t('adminApp.productionAccess')} compact>
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Text size="sm">{t(`adminApp.production.${app.production_access}`)}</Text>
      {app.production_access === 'production_pending' && (
        <>
          <Text size="sm">
            {app.requested_confidential === false
              ? t('adminApp.requestedPublic')
              : t('adminApp.requestedConfidential')}
          </Text>
          <Textarea
            label={t('adminApp.denyReason')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={2000}
          />
          <Group>
            <Button
              color="green"
              loading={decide.isPending}
              onClick={() => run({ approve: true }, t('adminApp.approved'))}
            >
              {t('adminApp.approve')}
            </Button>
            <Button
              color="red"
              variant="outline"
              loading={decide.isPending}
              onClick={() => run({ approve: false, reason: reason.trim() }, t('adminApp.denied'))}
            >
              {t('adminApp.deny')}
            </Button>
          </Group>
        </>
      )}
    </SectionCard>
  );
}
