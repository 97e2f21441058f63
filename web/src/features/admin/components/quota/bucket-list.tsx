import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { QuotaBucket } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../../components/data-table.tsx';
import { errorText } from '../../../../lib/api.ts';
import { useDeleteBucket } from '../../quota-api.ts';
import { BucketDetails } from './bucket-details.tsx';
import { BucketForm } from './bucket-form.tsx';

const templatesText = (bucket: QuotaBucket) =>
  bucket.bucket_templates.map((t) => `${t.name}: ${t.fill_type} ${t.limit} / ${t.interval_ms} ms`).join(', ');

/** A server's buckets with edit and delete (spec admin §2); delete asks the browser first (spec admin §5). */
export function BucketList({ server, buckets }: { server: string; buckets: QuotaBucket[] }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const remove = useDeleteBucket(server);
  const handleDelete = (bucket: QuotaBucket) => {
    if (!window.confirm(t('quota.confirmDelete', { name: bucket.name }))) return;
    remove.mutate(bucket.id, { onError: (error) => window.alert(errorText(error)) });
  };
  const open = buckets.find((b) => b.id === (editing ?? shown));
  if (!buckets.length) return <Text size="sm">{t('quota.noBuckets', { server })}</Text>;
  return (
    <Stack>
      <DataTable
        minWidth={900}
        rows={buckets}
        aria-label={t('quota.listLabel', { server })}
        columns={[
          { label: t('quota.name'), cell: (b) => b.name },
          { label: t('quota.domain'), cell: (b) => `${b.app_name} (${b.domain})` },
          { label: t('quota.templates'), cell: templatesText },
          {
            label: t('quota.mode'),
            cell: (b) => (
              <Badge color={b.shadow ? 'yellow' : 'blue'}>
                {t(b.shadow ? 'quota.modeShadow' : 'quota.modeEnforce')}
              </Badge>
            ),
          },
          {
            label: t('quota.actions'),
            cell: (b) => (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  variant="light"
                  aria-label={t('quota.editBucket', { name: b.name })}
                  onClick={() => setEditing(b.id)}
                >
                  {t('quota.edit')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  aria-label={t('quota.showBucket', { name: b.name })}
                  onClick={() => setShown(b.id)}
                >
                  {t('quota.details')}
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant="subtle"
                  aria-label={t('quota.deleteBucket', { name: b.name })}
                  onClick={() => handleDelete(b)}
                >
                  {t('quota.delete')}
                </Button>
              </Group>
            ),
          },
        ]}
      />
      {open && editing === open.id && (
        <BucketForm
          key={open.id + open.updated_at}
          server={server}
          bucket={open}
          onDone={() => setEditing(null)}
        />
      )}
      {open && <BucketDetails server={server} bucket={open} />}
    </Stack>
  );
}
