import { Alert, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';

/** Create a version: an optional semantic version (left empty, the server assigns the next one). */
export function CreateVersionModal({
  opened,
  semanticVersions,
  pending,
  error,
  onClose,
  onCreate,
}: {
  opened: boolean;
  semanticVersions: boolean;
  pending: boolean;
  error: string | null;
  onClose: () => void;
  onCreate: (semanticVersion: string) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  return (
    <Modal opened={opened} onClose={onClose} title={t('configBuilder.create.title')}>
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {semanticVersions ? (
          <TextInput
            label={t('configBuilder.create.semanticVersion')}
            description={t('configBuilder.create.semanticVersionHint')}
            placeholder="1.2.0"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
          />
        ) : (
          <Text>{t('configBuilder.create.text')}</Text>
        )}
        <DialogActions onCancel={onClose}>
          <Button loading={pending} onClick={() => onCreate(value)}>
            {t('configBuilder.create.submit')}
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
