import { Anchor, Badge, Button, Checkbox, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { Submission } from '@portal/contracts';
import { LISTING_DOCUMENT_MAX_BYTES } from '@portal/contracts/limits';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DropzoneField } from '../../../../components/dropzone-field.tsx';
import { useFieldKit } from './field-kit.tsx';
import type { MediaActions } from './tabs/media-tab.tsx';

/** Admin: review status, the message to the developer (debounced 200 ms), concierge options, notes. */
export function AdminReviewFields({
  headingOrder,
  submission,
  uploads,
}: {
  headingOrder: 2 | 3;
  submission: Submission | null;
  uploads: MediaActions;
}) {
  const { t } = useTranslation();
  const { values, set, errors } = useFieldKit();
  const [message, setMessage] = useState(values.admin_message ?? '');
  const push = useDebouncedCallback((next: string) => set('admin_message', next || null), 200);
  useEffect(() => setMessage(values.admin_message ?? ''), [values.admin_message]);
  const flag = (
    field: 'is_concierge_app' | 'beta' | 'security_badge' | 'made_by_procore' | 'procore_certified_partner',
  ) => (
    <Checkbox
      key={field}
      label={t(`marketplace.admin.${field}`)}
      checked={values[field]}
      onChange={(event) => set(field, event.currentTarget.checked)}
    />
  );
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={headingOrder} size="h4">
          {t('marketplace.admin.review')}
        </Title>
        {submission && (
          <Group gap="xs">
            <Text size="sm">{t('marketplace.admin.reviewStatus')}</Text>
            <Badge variant="light">{t(`marketplace.state.${submission.state}`)}</Badge>
            <Badge
              variant="light"
              color={
                submission.approval_state === 'approved'
                  ? 'green'
                  : submission.approval_state === 'rejected'
                    ? 'red'
                    : 'gray'
              }
            >
              {t(`marketplace.admin.approval.${submission.approval_state}`)}
            </Badge>
          </Group>
        )}
        <Textarea
          label={t('marketplace.admin.message')}
          description={t('marketplace.admin.messageHint')}
          rows={3}
          value={message}
          onChange={(event) => {
            setMessage(event.currentTarget.value);
            push(event.currentTarget.value);
          }}
        />
        <Group>
          {flag('is_concierge_app')}
          {flag('beta')}
          {flag('security_badge')}
          {flag('made_by_procore')}
          {flag('procore_certified_partner')}
        </Group>
        {submission?.security_questionnaire_document ? (
          <Group>
            <Anchor href={submission.security_questionnaire_document.url} target="_blank">
              {submission.security_questionnaire_document.original_filename ??
                t('marketplace.admin.document')}
            </Anchor>
            <Button
              variant="default"
              size="xs"
              onClick={() => uploads.remove('document', submission.security_questionnaire_document!)}
            >
              {t('marketplace.admin.removeDocument')}
            </Button>
          </Group>
        ) : (
          submission && (
            <DropzoneField
              label={t('marketplace.admin.document')}
              hint={t('marketplace.admin.documentHint')}
              accept={['application/pdf']}
              acceptLabel="PDF"
              maxBytes={LISTING_DOCUMENT_MAX_BYTES}
              previewUrl={null}
              previewAlt={t('marketplace.admin.document')}
              progress={uploads.progress.document ?? null}
              error={errors.document?.join(' ') ?? null}
              removeLabel={t('marketplace.media.remove')}
              onFile={(file) => void uploads.upload('document', file)}
              onRemove={() => undefined}
            />
          )
        )}
        <Textarea
          label={t('marketplace.admin.notes')}
          rows={2}
          value={values.notes ?? ''}
          onChange={(event) => set('notes', event.currentTarget.value || null)}
        />
      </Stack>
    </Paper>
  );
}
