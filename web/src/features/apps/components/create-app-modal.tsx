import { Alert, Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CREATE_APP_POLL_MS, CREATE_APP_REDIRECT_AFTER_MS } from '@portal/contracts/limits';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { track } from '../../../lib/analytics.ts';
import { errorText } from '../../../lib/api.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { appQuery, useCreateApp } from '../api.ts';

/** Asks for the app name; after creation goes to the app once it has a sandbox (or after 10 s). */
export function CreateAppModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const create = useCreateApp();
  const [waiting, setWaiting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { internal_name: '' },
    validate: { internal_name: (value) => (value.trim() ? null : t('apps.create.nameRequired')) },
  });

  // Spec developer-apps §4/§9: poll every second; the redirect comes 10 s after the click at the latest, even
  // when a poll is still on its way.
  const waitForSandbox = (id: string, deadline: number) =>
    new Promise<void>((resolve) => {
      setWaiting(true);
      const finish = () => {
        clearInterval(poll);
        clearTimeout(cap);
        resolve();
      };
      const cap = setTimeout(finish, Math.max(0, deadline - Date.now()));
      const poll = setInterval(async () => {
        const app = await client.fetchQuery({ ...appQuery(id), staleTime: 0 }).catch(() => null);
        if (app?.sandbox) finish();
      }, CREATE_APP_POLL_MS);
    }).then(() => navigate(`/developer_apps/${id}`));

  const handleSubmit = form.onSubmit((values) => {
    const deadline = Date.now() + CREATE_APP_REDIRECT_AFTER_MS;
    create.mutate(values, {
      onSuccess: (app) => {
        track('developers.my_apps.app.created', { developer_app_id: app.id });
        if (app.sandbox) navigate(`/developer_apps/${app.id}`);
        else void waitForSandbox(app.id, deadline);
      },
      onError: (error) => {
        if (!applyFieldErrors(form, error)) setFailure(errorText(error, t('apps.errors.generic')));
      },
    });
  });
  const busy = create.isPending || waiting;

  return (
    <>
      <Modal opened={opened && !failure} onClose={onClose} title={t('apps.create.title')}>
        <form onSubmit={handleSubmit} noValidate>
          <Stack>
            <TextInput
              label={t('apps.create.name')}
              required
              data-autofocus
              disabled={busy}
              {...form.getInputProps('internal_name')}
            />
            <Text size="sm">
              <Trans
                i18nKey="apps.create.terms"
                components={{ terms: <Anchor component={Link} to="/terms_and_conditions" target="_blank" /> }}
              />
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('apps.create.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal opened={failure !== null} onClose={() => setFailure(null)} title={t('apps.create.failedTitle')}>
        <Stack>
          <Alert color="red" role="alert" style={{ whiteSpace: 'pre-wrap' }}>
            {failure}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={() => setFailure(null)}>{t('apps.create.close')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
