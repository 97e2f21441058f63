import { Alert, Button, Group, Modal, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { track } from '../../../lib/analytics.ts';
import { errorText } from '../../../lib/api.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { useInvite } from '../api.ts';

type Props = { appId: string; opened: boolean; onClose: () => void; onInvited: (email: string) => void };

/** Invites by e-mail as developer or admin (never owner). */
export function AddCollaboratorModal({ appId, opened, onClose, onInvited }: Props) {
  const { t } = useTranslation();
  const invite = useInvite(appId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', role: 'developer' as 'developer' | 'admin' },
    validate: { email: (value) => (value.trim() ? null : t('collaborators.add.emailRequired')) },
  });
  const handleClose = () => {
    form.reset();
    setFailure(null);
    onClose();
  };
  const handleSubmit = form.onSubmit((values) => {
    setFailure(null);
    invite.mutate(
      { email: values.email.trim(), role: values.role },
      {
        onSuccess: (invitation) => {
          track('developers.my_apps.collaborators.invited', {
            developer_app_id: appId,
            role: invitation.role,
          });
          form.reset();
          onInvited(invitation.email);
        },
        onError: (error) => {
          if (!applyFieldErrors(form, error)) setFailure(errorText(error, t('collaborators.errors.generic')));
        },
      },
    );
  });

  return (
    <Modal opened={opened} onClose={handleClose} title={t('collaborators.add.title')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" role="alert" title={t('collaborators.errors.title')}>
              {failure}
            </Alert>
          )}
          <TextInput
            type="email"
            label={t('collaborators.add.email')}
            required
            data-autofocus
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <Radio.Group label={t('collaborators.add.role')} required {...form.getInputProps('role')}>
            <Group mt="xs">
              <Radio value="developer" label={t('collaborators.roles.developer')} />
              <Radio value="admin" label={t('collaborators.roles.admin')} />
            </Group>
          </Radio.Group>
          <DialogActions onCancel={handleClose}>
            <Button type="submit" loading={invite.isPending}>
              {t('collaborators.add.submit')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}
