import { Alert, Anchor, Button, Checkbox, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import type { AdminNotification } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { NotificationPreview } from './notification-preview.tsx';

export type NotificationFormValues = {
  title: string;
  summary: string;
  body: string;
  critical: boolean;
  draft: boolean;
  show_after: string;
};

const MARKDOWN_HELP_URL = 'https://www.markdownguide.org/basic-syntax/';

type Props = {
  existing?: AdminNotification;
  isSaving: boolean;
  isDeleting?: boolean;
  error: unknown;
  onSave(values: NotificationFormValues): Promise<unknown>;
  onCancel(): void;
  onDelete?(): void;
};

/** The admin form for new and edit; the page decides what saving means. */
export function NotificationForm({
  existing,
  isSaving,
  isDeleting,
  error,
  onSave,
  onCancel,
  onDelete,
}: Props) {
  const { t } = useTranslation();
  const isEdit = existing !== undefined;
  const [createdAt] = useState(() => existing?.created_at ?? new Date().toISOString());
  const form = useForm<NotificationFormValues>({
    initialValues: {
      title: existing?.title ?? '',
      summary: existing?.summary ?? '',
      body: existing?.body ?? '',
      critical: existing?.critical ?? false,
      draft: existing?.draft ?? false,
      show_after: existing?.show_after ?? '',
    },
  });
  const { critical } = form.getValues();

  const handleCriticalChange = (checked: boolean) => {
    form.setFieldValue('critical', checked);
    if (checked) {
      form.setFieldValue('draft', false);
      form.setFieldValue('show_after', '');
    }
  };

  const save = (values: NotificationFormValues) =>
    onSave(values).catch((failure: unknown) => {
      applyFieldErrors(form, failure);
    });

  const handleSubmit = form.onSubmit((values) => {
    if (!isEdit && values.critical) {
      modals.openConfirmModal({
        title: t('announcements.confirmTitle'),
        children: t('announcements.criticalConfirm'),
        labels: { confirm: t('announcements.continue'), cancel: t('common.cancel') },
        onConfirm: () => void save(values),
      });
      return;
    }
    void save(values);
  });

  const handleDelete = () =>
    modals.openConfirmModal({
      title: t('announcements.confirmTitle'),
      children: t('announcements.deleteConfirm'),
      labels: { confirm: t('announcements.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => onDelete?.(),
    });

  return (
    <Stack gap="lg">
      {error ? (
        <Alert color="red" title={t('announcements.errorTitle')} role="alert">
          <pre style={{ whiteSpace: 'pre-wrap', margin: 0, fontFamily: 'inherit' }}>{errorText(error)}</pre>
        </Alert>
      ) : null}
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <TextInput label={t('announcements.title')} required {...form.getInputProps('title')} />
          <Textarea label={t('announcements.summary')} required rows={3} {...form.getInputProps('summary')} />
          <Textarea
            label={t('announcements.body')}
            required
            rows={8}
            description={
              <>
                {t('announcements.bodyHint')}{' '}
                {/* Underlined: in dimmed text the link's colour alone does not set it apart (WCAG 1.4.1). */}
                <Anchor
                  href={MARKDOWN_HELP_URL}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="xs"
                  underline="always"
                >
                  {t('announcements.markdownHelp')}
                </Anchor>
              </>
            }
            {...form.getInputProps('body')}
          />
          <Checkbox
            label={t('announcements.critical')}
            description={t('announcements.criticalHint')}
            disabled={isEdit}
            {...form.getInputProps('critical', { type: 'checkbox' })}
            onChange={(event) => handleCriticalChange(event.currentTarget.checked)}
          />
          <Checkbox
            label={t('announcements.draft')}
            description={t('announcements.draftHint')}
            disabled={critical}
            {...form.getInputProps('draft', { type: 'checkbox' })}
          />
          <TextInput
            label={t('announcements.showAfter')}
            description={t('announcements.showAfterHint')}
            placeholder={t('announcements.showAfterHint')}
            disabled={critical}
            maw={240}
            {...form.getInputProps('show_after')}
          />
          <Group>
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSaving}>
              {isEdit ? t('announcements.update') : t('announcements.notify')}
            </Button>
            {isEdit && (
              <Button color="red" variant="light" onClick={handleDelete} loading={isDeleting}>
                {t('announcements.delete')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
      <NotificationPreview values={form.getValues()} createdAt={createdAt} />
    </Stack>
  );
}
