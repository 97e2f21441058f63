import { Button, Checkbox, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';

/**
 * Resetting a client secret needs an acknowledgement checkbox (spec developer-apps §5): the production
 * credentials' reset and the sandbox's alike. The form unmounts with the modal, so each opening
 * starts unticked.
 */
export function ResetSecretDialog({
  opened,
  loading,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  loading: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('apps.credentials.resetTitle')}>
      <ResetSecretForm loading={loading} onClose={onClose} onConfirm={onConfirm} />
    </Modal>
  );
}

function ResetSecretForm({
  loading,
  onClose,
  onConfirm,
}: {
  loading: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const [acknowledged, setAcknowledged] = useState(false);
  return (
    <Stack>
      <Text>{t('apps.credentials.resetBody')}</Text>
      <Checkbox
        label={t('apps.credentials.acknowledge')}
        checked={acknowledged}
        onChange={(event) => setAcknowledged(event.currentTarget.checked)}
      />
      <DialogActions onCancel={onClose}>
        <Button color="red" disabled={!acknowledged} loading={loading} onClick={onConfirm}>
          {t('apps.credentials.resetConfirm')}
        </Button>
      </DialogActions>
    </Stack>
  );
}
