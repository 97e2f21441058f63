import { Button, Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SectionCard } from '../../../components/section-card.tsx';
import { errorText } from '../../../lib/api.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { BucketForm } from '../components/quota/bucket-form.tsx';
import { BucketList } from '../components/quota/bucket-list.tsx';
import { bucketsQuery, quotaServersQuery } from '../quota-api.ts';

/**
 * Rate-limit buckets (QuotaMinder, spec admin §2): the add-bucket form, a server selector that
 * retrieves that server's buckets, and the buckets with edit and delete.
 */
export function QuotaMinderPage() {
  const { t } = useTranslation();
  const servers = useQuery(quotaServersQuery());
  const [params, setParams] = useSearchParams();
  const retrieved = params.get('server') ?? '';
  const [picked, setPicked] = useState<string | null>(retrieved || null);
  const server = picked ?? servers.data?.servers[0] ?? '';
  const buckets = useQuery({ ...bucketsQuery(retrieved, 1), enabled: retrieved !== '' });
  return (
    <AdminPage trail={[{ label: t('quota.title') }]} title={t('quota.title')}>
      <Group align="flex-end">
        <Select
          label={t('quota.server')}
          data={servers.data?.servers ?? []}
          value={server || null}
          onChange={setPicked}
          allowDeselect={false}
          maw={260}
        />
        <Button onClick={() => setParams({ server })} disabled={!server}>
          {t('quota.retrieve')}
        </Button>
      </Group>
      {server && (
        <SectionCard id="add-bucket-heading" title={t('quota.addTitle', { server })}>
          <BucketForm key={server} server={server} />
        </SectionCard>
      )}
      {retrieved && (
        <SectionCard id="buckets-heading" title={t('quota.bucketsTitle', { server: retrieved })}>
          {buckets.isError ? (
            errorText(buckets.error, t('quota.loadError'))
          ) : (
            <BucketList server={retrieved} buckets={buckets.data?.items ?? []} />
          )}
        </SectionCard>
      )}
    </AdminPage>
  );
}
