import { Alert, Button, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { type Parameter, parameterError } from '@portal/contracts/configured-manifest';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';

const EMPTY: Parameter = { key: '', name: '', description: '', required: false };

/** Add or edit one parameter: name, key, description and the required toggle. */
export function ParameterModal({
  opened,
  initial,
  others,
  onClose,
  onSave,
}: {
  opened: boolean;
  initial: Parameter | null;
  others: Parameter[];
  onClose: () => void;
  onSave: (parameter: Parameter) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(initial ? 'configBuilder.parameter.editTitle' : 'configBuilder.parameter.addTitle')}
    >
      {opened && (
        <ParameterForm initial={initial ?? EMPTY} others={others} onClose={onClose} onSave={onSave} />
      )}
    </Modal>
  );
}

function ParameterForm({
  initial,
  others,
  onClose,
  onSave,
}: {
  initial: Parameter;
  others: Parameter[];
  onClose: () => void;
  onSave: (parameter: Parameter) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof Parameter, next: string | boolean) => {
    setValue((current) => ({ ...current, [field]: next }));
    setError(null);
  };
  const save = () => {
    const problem = parameterError(value, others);
    if (problem) setError(problem);
    else
      onSave({
        key: value.key.trim(),
        name: value.name.trim(),
        description: value.description.trim(),
        required: value.required,
      });
  };
  return (
    <Stack>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {(['name', 'key', 'description'] as const).map((field) => (
        <TextInput
          key={field}
          label={t(`configBuilder.parameter.${field}`)}
          description={field === 'key' ? t('configBuilder.parameter.keyHint') : undefined}
          required
          value={value[field]}
          onChange={(event) => set(field, event.currentTarget.value)}
        />
      ))}
      <Switch
        label={t('configBuilder.parameter.required')}
        checked={value.required}
        onChange={(event) => set('required', event.currentTarget.checked)}
      />
      <DialogActions onCancel={onClose}>
        <Button onClick={save}>{t('configBuilder.parameter.save')}</Button>
      </DialogActions>
    </Stack>
  );
}
