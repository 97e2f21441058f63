import { Checkbox, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ADMIN_ROLES, type AdminDeveloper } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { PageSkeleton } from '../../../components/skeletons.tsx';
import { ApiRequestError, errorsJoined } from '../../../lib/api.ts';
import { adminDeveloperQuery, useUpdateAdminDeveloper } from '../api.ts';
import { AdminLoadFailed, AdminPage } from '../components/admin-page.tsx';

const valuesOf = (developer: AdminDeveloper) => ({
  name: developer.name,
  company_name: developer.company_name ?? '',
  email: developer.email,
  procore_id: developer.procore_id,
  role: developer.role,
  employee: developer.employee,
  disabled: developer.disabled,
});

/** /admin/developers/{id}/edit: staff change an account, or disable it. */
export function DeveloperEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery(adminDeveloperQuery(id));
  const update = useUpdateAdminDeveloper(id);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      name: '',
      company_name: '',
      email: '',
      procore_id: 0,
      role: 'developer' as AdminDeveloper['role'],
      employee: false,
      disabled: false,
    },
    validate: { name: (value) => (value.trim() ? null : t('adminDeveloper.nameRequired')) },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the saved account changes
  useEffect(() => {
    if (query.data) {
      form.setValues(valuesOf(query.data));
      form.resetDirty(valuesOf(query.data));
    }
  }, [query.data]);

  if (query.isPending) return <PageSkeleton />;
  const crumbs = [{ label: t('adminLists.developers'), to: '/admin/developers' }];
  if (!query.data) return <AdminLoadFailed size="sm" trail={crumbs} error={query.error} />;
  const save = form.onSubmit((values) => {
    setError(null);
    update.mutate(
      { ...values, company_name: values.company_name.trim() || null, procore_id: Number(values.procore_id) },
      {
        onSuccess: () => notifications.show({ message: t('adminDeveloper.saved'), color: 'green' }),
        onError: (e) => {
          if (e instanceof ApiRequestError)
            form.setErrors(
              Object.fromEntries(
                Object.entries(e.fields).map(([field, messages]) => [
                  field.replace(/^developer\./, ''),
                  messages.join(' '),
                ]),
              ),
            );
          setError(errorsJoined(e, t('errors.generic')));
        },
      },
    );
  });
  return (
    <AdminPage
      trail={[...crumbs, { label: query.data.name }]}
      title={t('adminDeveloper.title', { name: query.data.name })}
      size="sm"
    >
      <ErrorBanner title={t('adminApp.couldNotSave')} message={error} onClose={() => setError(null)} />
      <form onSubmit={save} noValidate>
        <Stack>
          <TextInput label={t('adminDeveloper.name')} required {...form.getInputProps('name')} />
          <TextInput label={t('adminDeveloper.company')} {...form.getInputProps('company_name')} />
          <TextInput
            label={t('adminDeveloper.email')}
            type="email"
            required
            {...form.getInputProps('email')}
          />
          <NumberInput
            label={t('adminDeveloper.procoreId')}
            min={1}
            allowDecimal={false}
            {...form.getInputProps('procore_id')}
          />
          <Select
            label={t('adminDeveloper.role')}
            data={ADMIN_ROLES.map((value) => ({ value, label: t(`adminDeveloper.roles.${value}`) }))}
            allowDeselect={false}
            {...form.getInputProps('role')}
          />
          <Checkbox
            label={t('adminDeveloper.employee')}
            {...form.getInputProps('employee', { type: 'checkbox' })}
          />
          <Switch
            color="red"
            label={t('adminDeveloper.disabled')}
            description={t('adminDeveloper.disabledHint')}
            {...form.getInputProps('disabled', { type: 'checkbox' })}
          />
          <FormActions
            label={t('adminApp.save')}
            loading={update.isPending}
            disabled={!form.isDirty()}
            cancelTo="/admin/developers"
          />
        </Stack>
      </form>
    </AdminPage>
  );
}
