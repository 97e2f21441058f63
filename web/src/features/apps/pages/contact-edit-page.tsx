import { Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Contact } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../../app/not-found-page.tsx';
import { Crumbs } from '../../../components/crumbs.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { PageSkeleton } from '../../../components/skeletons.tsx';
import { ApiRequestError, errorsJoined } from '../../../lib/api.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { appQuery, useUpdateContact } from '../api.ts';

/**
 * `/developer_apps/:id/contacts/:contactId/edit`: the contact's `links.edit` (spec developer-apps §2, §3).
 */
export function ContactEditPage() {
  const { t } = useTranslation();
  const { id, contactId } = useParams() as { id: string; contactId: string };
  const app = useQuery(appQuery(id));
  if (app.error instanceof ApiRequestError && app.error.status === 404) return <NotFoundPage />;
  if (app.isPending) return <PageSkeleton />;
  const contact = app.data?.contacts.find((c) => c.id === contactId);
  const name = app.data ? app.data.name || app.data.internal_name : '';
  return (
    <Container size="sm" py="md">
      <Stack gap="lg">
        <Crumbs
          separatorMargin={6}
          style={{ flexWrap: 'wrap' }}
          trail={[
            { label: t('apps.breadcrumb.apps'), to: '/developer_apps' },
            { label: name, to: `/developer_apps/${id}` },
            { label: t('apps.contacts.title') },
          ]}
        />
        {contact ? (
          <ContactForm appId={id} contact={contact} />
        ) : (
          <>
            <Title order={1}>{t('apps.contacts.title')}</Title>
            <Text role="alert">
              {app.isError ? t('apps.errors.loadingDeveloperApp') : t('apps.contacts.notFound')}
            </Text>
          </>
        )}
      </Stack>
    </Container>
  );
}

function ContactForm({ appId, contact }: { appId: string; contact: Contact }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateContact(appId, contact.id);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: contact.name, email: contact.email },
    validate: {
      name: (value) => (value.trim() ? null : t('apps.contacts.nameRequired')),
      email: (value) => (/^\S+@\S+\.\S+$/.test(value) ? null : t('apps.contacts.emailInvalid')),
    },
  });
  const handleSubmit = form.onSubmit((values) => {
    setError(null);
    update.mutate(values, {
      onSuccess: () => {
        notifications.show({ message: t('apps.contacts.saved'), color: 'green' });
        navigate(`/developer_apps/${appId}`);
      },
      onError: (failure) => {
        applyFieldErrors(form, failure);
        setError(errorsJoined(failure, t('apps.errors.generic')));
      },
    });
  });
  return (
    <SectionCard id="contact-heading" title={t('apps.contacts.title')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <ErrorBanner title={t('apps.errors.title')} message={error} onClose={() => setError(null)} />
          <TextInput label={t('apps.contacts.name')} required {...form.getInputProps('name')} />
          <TextInput
            label={t('apps.contacts.email')}
            type="email"
            required
            {...form.getInputProps('email')}
          />
          <FormActions
            label={t('apps.contacts.save')}
            loading={update.isPending}
            disabled={!form.isDirty()}
            cancelTo={`/developer_apps/${appId}`}
          />
        </Stack>
      </form>
    </SectionCard>
  );
}
