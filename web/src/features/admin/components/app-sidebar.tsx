import { Alert, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AdminDeveloperApp, DeveloperOption } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { errorsJoined } from '../../../lib/api.ts';
import { fullTimestamp } from '../../../lib/relative-time.ts';
import { useUpdateAdminApp } from '../api.ts';
import { ChangeOwnerDialog } from './change-owner-dialog.tsx';

/** Spec admin §2: the owner recorded in Procore differs, or production credentials were never issued. */
export function OwnerBanner({ app }: { app: AdminDeveloperApp }) {
  const { t } = useTranslation();
  if (!app.uid)
    return (
      <Alert color="yellow" role="status">
        {t('adminApp.noProductionCredentials')}
      </Alert>
    );
  if (app.external_procore_owner_id !== app.owner.procore_id)
    return (
      <Alert color="red" role="status">
        {t('adminApp.ownerDiffers')}
      </Alert>
    );
  return null;
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

export function AppSidebar({
  app,
  pendingOwner,
  onPickOwner,
}: {
  app: AdminDeveloperApp;
  pendingOwner: DeveloperOption | null;
  onPickOwner: (owner: DeveloperOption) => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateAdminApp(app.id);
  const [error, setError] = useState<string | null>(null);
  const [ownerOpen, setOwnerOpen] = useState(false);
  const undelete = () =>
    update.mutate(
      { deleted_at: null },
      {
        onSuccess: () => notifications.show({ message: t('adminApp.undeleted'), color: 'green' }),
        onError: (e) => setError(errorsJoined(e, t('errors.generic'))),
      },
    );
  return (
    <Stack>
      <OwnerBanner app={app} />
      <ErrorBanner title={t('adminApp.couldNotSave')} message={error} onClose={() => setError(null)} />
      <Button component={Link} to={`/admin/developer_apps/${app.id}/contacts/new`} variant="light">
        {t('adminApp.addContact')}
      </Button>
      {app.deleted_at && (
        <Button color="orange" onClick={undelete} loading={update.isPending}>
          {t('adminApp.undelete')}
        </Button>
      )}
      <Button variant="default" onClick={() => setOwnerOpen(true)}>
        {t('adminApp.changeOwner')}
      </Button>
      <ChangeOwnerDialog opened={ownerOpen} onClose={() => setOwnerOpen(false)} onPick={onPickOwner} />
      <SectionCard id="owner-heading" title={t('adminApp.owner')} compact gap="xs">
        {pendingOwner ? (
          <>
            <Field label={t('adminApp.email')} value={pendingOwner.email} />
            <Text size="sm" c="orange.8">
              {t('adminApp.ownerUnsaved')}
            </Text>
          </>
        ) : (
          <>
            <Field label={t('adminApp.name')} value={app.owner.name} />
            <Field label={t('adminApp.email')} value={app.owner.email} />
            <Field label={t('adminApp.procoreId')} value={String(app.owner.procore_id)} />
          </>
        )}
      </SectionCard>
      <SectionCard id="metadata-heading" title={t('adminApp.metadata')} compact gap="xs">
        <Field label={t('adminApp.created')} value={fullTimestamp(app.created_at)} />
        <Field label={t('adminApp.updated_at')} value={fullTimestamp(app.updated_at)} />
        <Field
          label={t('adminApp.deleted')}
          value={app.deleted_at ? fullTimestamp(app.deleted_at) : t('adminApp.notDeleted')}
        />
      </SectionCard>
    </Stack>
  );
}
