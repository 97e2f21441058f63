import { Button, Checkbox, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AdminChangelogEntry, ChangelogType, ResourceGroup } from '@portal/contracts';
import { CHANGELOG_TYPES } from '@portal/contracts/changelog';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { useUpdateEntry } from '../api.ts';

/** Edits a proposed entry's summary, description, type and breaking flag before it is published. */
export function ProposalEditor({
  group,
  entry,
  onClose,
}: {
  group: ResourceGroup;
  entry: AdminChangelogEntry;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateEntry(group);
  const form = useForm({
    initialValues: {
      summary: entry.summary,
      description: entry.description,
      type: entry.type as ChangelogType,
      breaking: entry.breaking,
    },
  });
  const handleSubmit = form.onSubmit((values) =>
    update.mutate(
      { id: entry.id, body: values },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (!applyFieldErrors(form, error)) form.setErrors({ summary: errorText(error) });
        },
      },
    ),
  );
  return (
    <Modal opened onClose={onClose} title={t('reference.admin.editTitle')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <TextInput label={t('reference.admin.summary')} required {...form.getInputProps('summary')} />
          <Textarea
            label={t('reference.admin.description')}
            autosize
            minRows={3}
            {...form.getInputProps('description')}
          />
          <Select
            label={t('reference.types.label')}
            data={CHANGELOG_TYPES.map((type) => ({ value: type, label: t(`reference.types.${type}`) }))}
            allowDeselect={false}
            {...form.getInputProps('type')}
          />
          <Checkbox
            label={t('reference.breaking')}
            {...form.getInputProps('breaking', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('reference.admin.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('reference.admin.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
