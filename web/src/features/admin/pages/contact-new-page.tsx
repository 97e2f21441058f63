import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { PageSkeleton } from '../../../components/skeletons.tsx';
import { errorsJoined } from '../../../lib/api.ts';
import { emailFieldError } from '../../../lib/email-field.ts';
import { adminAppQuery, useUpdateAdminApp } from '../api.ts';
import { AdminPage } from '../components/admin-page.tsx';

/** /admin/developer_apps/{id}/contacts/new: staff add an integration request contact to the app. */
export function ContactNewPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useQuery(adminAppQuery(id));
  const update = useUpdateAdminApp(id);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: '', email: '' },
    validate: {
      name: (value) => (value.trim() ? null : t('adminApp.contactNameRequired')),
      email: (value) =>
        emailFieldError(value, {
          required: t('adminApp.contactEmailRequired'),
          invalid: t('adminApp.contactEmailInvalid'),
        }),
    },
  });
  if (query.isPending) return <PageSkeleton />;
  const app = query.data;
  const back = `/admin/developer_apps/${id}`;
  const save = form.onSubmit((values) => {
    if (!app) return;
    const contacts = app.contacts.map(({ id: contactId, name, email }) => ({ id: contactId, name, email }));
    update.mutate(
      { contacts: [...contacts, { name: values.name.trim(), email: values.email.trim() }] },
      {
        onSuccess: () => {
          notifications.show({ message: t('adminApp.contactAdded'), color: 'green' });
          navigate(back);
        },
        onError: (e) => setError(errorsJoined(e, t('errors.generic'))),
      },
    );
  });
  return (
    <AdminPage
      trail={[
        { label: t('adminLists.developerApps'), to: '/admin/developer_apps' },
        { label: app?.internal_name ?? id, to: back },
        { label: t('adminApp.addContact') },
      ]}
      title={t('adminApp.addContact')}
      size="sm"
    >
      <ErrorBanner title={t('adminApp.couldNotSave')} message={error} onClose={() => setError(null)} />
      {!app && (
        <ErrorBanner
          title={t('adminApp.couldNotLoad')}
          message={errorsJoined(query.error, t('errors.generic'))}
          onClose={() => navigate(back)}
        />
      )}
      <form onSubmit={save} noValidate>
        <Stack>
          <TextInput label={t('adminApp.contactName')} required {...form.getInputProps('name')} />
          <TextInput label={t('adminApp.email')} type="email" required {...form.getInputProps('email')} />
          <FormActions
            label={t('adminApp.addContact')}
            loading={update.isPending}
            disabled={!app}
            cancelTo={back}
          />
        </Stack>
      </form>
    </AdminPage>
  );
}
