import { Button, Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { totalPages, useListParams } from '../../../components/use-list-params.ts';
import { errorText } from '../../../lib/api.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { BucketForm } from '../components/quota/bucket-form.tsx';
import { BucketList } from '../components/quota/bucket-list.tsx';
import { bucketsQuery, quotaServersQuery } from '../quota-api.ts';

/**
 * Rate-limit buckets (QuotaMinder, spec admin §2): the add-bucket form, a server selector that
 * retrieves that server's buckets (paged like every admin list, spec admin §5; retrieving starts at
 * page 1), and the buckets with edit and delete. A failed retrieve shows the server's message in a
 * browser alert (spec admin §8), once per failure, and inline.
 */
export function QuotaMinderPage() {
  const { t } = useTranslation();
  const servers = useQuery(quotaServersQuery());
  const [params, setParams] = useSearchParams();
  const list = useListParams();
  const retrieved = params.get('server') ?? '';
  const [picked, setPicked] = useState<string | null>(retrieved || null);
  const server = picked ?? servers.data?.servers[0] ?? '';
  const buckets = useQuery({ ...bucketsQuery(retrieved, list), enabled: retrieved !== '' });

  const alerted = useRef(0);
  const { isError, isFetching, error, errorUpdatedAt } = buckets;
  useEffect(() => {
    if (!isError || isFetching || alerted.current === errorUpdatedAt) return;
    alerted.current = errorUpdatedAt;
    window.alert(errorText(error, t('quota.loadError')));
  }, [isError, isFetching, error, errorUpdatedAt, t]);

  // A delete that empties the last page: go to the new last page instead of staying past the end
  // (judged on this page's own, fresh answer, not a placeholder or a stale cached one).
  const { data, isPlaceholderData } = buckets;
  const { page, goTo } = list;
  useEffect(() => {
    if (data && !isPlaceholderData && !isFetching && page > totalPages(data)) goTo(totalPages(data), data);
  }, [data, isPlaceholderData, isFetching, page, goTo]);

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
            <>
              <ListPagination data={buckets.data} list={list} label={t('adminLists.pagesTop')} />
              <BucketList server={retrieved} buckets={buckets.data?.items ?? []} />
              <ListPagination data={buckets.data} list={list} label={t('adminLists.pagesBottom')} />
            </>
          )}
        </SectionCard>
      )}
    </AdminPage>
  );
}
