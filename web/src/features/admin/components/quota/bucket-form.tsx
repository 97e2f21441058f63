import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  BUCKET_CLIENT_ID,
  type BucketTemplateInput,
  type CreateBucketBody,
  DEFAULT_BUCKET_TEMPLATES,
  type QuotaBucket,
} from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../lib/api.ts';
import { impactPreview, useCreateBucket, useUpdateBucket } from '../../quota-api.ts';
import { BucketTemplatesFields } from './bucket-templates-fields.tsx';

type Draft = CreateBucketBody['data'];

const fromBucket = (bucket: QuotaBucket | undefined): Draft =>
  bucket
    ? {
        name: bucket.name,
        client_id: bucket.client_id,
        domain: bucket.domain,
        shadow: bucket.shadow,
        bucket_templates: bucket.bucket_templates.map(({ name, fill_type, limit, interval_ms }) => ({
          name,
          fill_type,
          limit,
          interval_ms,
        })),
      }
    : {
        name: '',
        client_id: BUCKET_CLIENT_ID,
        domain: '',
        shadow: false,
        bucket_templates: DEFAULT_BUCKET_TEMPLATES.map((template) => ({ ...template })),
      };

/**
 * The add-bucket form (prefilled with spec admin §9's default templates) or a bucket's edit form.
 * Submitting asks the browser to confirm (spec admin §5), and so does switching shadow off (enforce);
 * a refusal shows the server's message in a browser alert (spec admin §8). Editing the templates shows
 * the impact preview against the bucket's recorded traffic.
 */
export function BucketForm({
  server,
  bucket,
  onDone,
}: {
  server: string;
  bucket?: QuotaBucket;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => fromBucket(bucket));
  const create = useCreateBucket(server);
  const update = useUpdateBucket(server);
  const pending = create.isPending || update.isPending;
  const templatesChanged =
    bucket !== undefined &&
    JSON.stringify(draft.bucket_templates) !== JSON.stringify(fromBucket(bucket).bucket_templates);
  const [proposed] = useDebouncedValue(draft.bucket_templates, 400);
  const impact = useQuery({
    queryKey: ['admin', 'quota', 'impact', server, bucket?.id, proposed],
    queryFn: () =>
      impactPreview(server, bucket?.id ?? '', proposed as BucketTemplateInput[] as Draft['bucket_templates']),
    enabled: templatesChanged,
    retry: false,
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!window.confirm(t(bucket ? 'quota.confirmSave' : 'quota.confirmAdd', { server }))) return;
    if (bucket?.shadow && !draft.shadow && !window.confirm(t('quota.confirmEnforce'))) return;
    const onError = (error: unknown) => window.alert(errorText(error));
    const onSuccess = () => {
      if (!bucket) setDraft(fromBucket(undefined));
      onDone?.();
    };
    if (bucket) update.mutate({ id: bucket.id, data: draft }, { onError, onSuccess });
    else create.mutate(draft, { onError, onSuccess });
  };

  return (
    <form onSubmit={handleSubmit} aria-label={t(bucket ? 'quota.editForm' : 'quota.addForm')}>
      <Stack>
        <Group grow align="flex-start">
          <TextInput
            label={t('quota.name')}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          />
          <TextInput
            label={t('quota.clientId')}
            value={draft.client_id}
            onChange={(e) => setDraft({ ...draft, client_id: e.currentTarget.value })}
          />
          <TextInput
            label={t('quota.domain')}
            description={t('quota.domainHint')}
            value={draft.domain}
            onChange={(e) => setDraft({ ...draft, domain: e.currentTarget.value })}
          />
        </Group>
        <Checkbox
          label={t('quota.shadow')}
          description={t('quota.shadowHint')}
          checked={draft.shadow ?? false}
          onChange={(e) => setDraft({ ...draft, shadow: e.currentTarget.checked })}
        />
        <BucketTemplatesFields
          templates={draft.bucket_templates}
          onChange={(bucket_templates) => setDraft({ ...draft, bucket_templates })}
        />
        {templatesChanged && (
          <Text size="sm" role="status" data-testid="impact-preview">
            {impact.data?.message ?? (impact.isError ? errorText(impact.error) : t('quota.impactLoading'))}
          </Text>
        )}
        {templatesChanged && Boolean(impact.data?.requests_from_api_usage) && (
          <Text size="sm" c="dimmed" data-testid="impact-from-usage">
            {t('quota.impactFromUsage', { count: impact.data?.requests_from_api_usage })}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={pending}>
            {t(bucket ? 'quota.save' : 'quota.add')}
          </Button>
          {onDone && bucket && (
            <Button variant="default" onClick={onDone}>
              {t('quota.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
