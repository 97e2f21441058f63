import { Button, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { DeveloperApp } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { errorsJoined } from '../../../lib/api.ts';
import { useDeleteApp } from '../api.ts';

export function DeleteAppCard({ app }: { app: DeveloperApp }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteApp(app.id);
  const [opened, { open, close }] = useDisclosure(false);
  const [error, setError] = useState<string | null>(null);
  const handleDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => navigate('/developer_apps'),
      onError: (failure) => {
        close();
        setError(errorsJoined(failure, t('apps.errors.generic')));
      },
    });
  return (
    <SectionCard id="delete-app-heading" title={t('apps.delete.title')}>
      <ErrorBanner title={t('apps.delete.errorTitle')} message={error} onClose={() => setError(null)} />
      <Text>{t('apps.delete.description')}</Text>
      <Button color="red" variant="outline" onClick={open} w="fit-content">
        {t('apps.delete.button')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('apps.delete.confirmTitle')}>
        <Stack>
          <Text>{t('apps.delete.confirm', { name: app.name || app.internal_name })}</Text>
          <DialogActions onCancel={close}>
            <Button color="red" loading={remove.isPending} onClick={handleDelete}>
              {t('apps.delete.confirmButton')}
            </Button>
          </DialogActions>
        </Stack>
      </Modal>
    </SectionCard>
  );
}
