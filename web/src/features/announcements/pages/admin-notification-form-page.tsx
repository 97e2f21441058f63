import { Alert, Container, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AdminNotification } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Crumbs } from '../../../components/crumbs.tsx';
import { TextSkeleton } from '../../../components/skeletons.tsx';
import { errorText } from '../../../lib/api.ts';
import {
  adminNotificationQuery,
  useCreateNotification,
  useDeleteNotification,
  useUpdateNotification,
} from '../api.ts';
import { NotificationForm, type NotificationFormValues } from '../components/notification-form.tsx';

const LIST = '/admin/notifications';

export function AdminNotificationFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const query = useQuery({ ...adminNotificationQuery(id ?? ''), enabled: Boolean(id) });
  const heading = id ? t('announcements.editTitle') : t('announcements.newTitle');

  return (
    <Container size="lg" py="md">
      <Stack>
        <Crumbs
          trail={[
            { label: t('nav.admin'), to: LIST },
            { label: t('announcements.adminTitle'), to: LIST },
            { label: heading },
          ]}
        />
        <Title order={1}>{heading}</Title>
        {!id ? (
          <CreateForm />
        ) : query.isPending ? (
          <TextSkeleton lines={6} />
        ) : query.isError ? (
          <Alert color="red" title={t('announcements.errorTitle')} role="alert">
            {errorText(query.error)}
          </Alert>
        ) : (
          <EditForm key={query.data.id} existing={query.data} />
        )}
      </Stack>
    </Container>
  );
}

function CreateForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateNotification();
  const handleSave = async (values: NotificationFormValues) => {
    await create.mutateAsync(values.critical ? { ...values, draft: false, show_after: '' } : values);
    notifications.show({ message: t('announcements.created'), color: 'green' });
    await navigate(LIST);
  };
  return (
    <NotificationForm
      isSaving={create.isPending}
      error={create.error}
      onSave={handleSave}
      onCancel={() => navigate(LIST)}
    />
  );
}

function EditForm({ existing }: { existing: AdminNotification }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateNotification(existing.id);
  const remove = useDeleteNotification(existing.id);
  const handleSave = async ({ critical: _critical, ...values }: NotificationFormValues) => {
    await update.mutateAsync(
      existing.critical ? { title: values.title, summary: values.summary, body: values.body } : values,
    );
    notifications.show({ message: t('announcements.updated'), color: 'green' });
    await navigate(LIST);
  };
  const handleDelete = async () => {
    await remove.mutateAsync();
    notifications.show({ message: t('announcements.deleted'), color: 'green' });
    await navigate(LIST);
  };
  return (
    <NotificationForm
      existing={existing}
      isSaving={update.isPending}
      isDeleting={remove.isPending}
      error={update.error ?? remove.error}
      onSave={handleSave}
      onCancel={() => navigate(LIST)}
      onDelete={() => void handleDelete().catch(() => {})}
    />
  );
}
