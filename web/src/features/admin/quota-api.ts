import type {
  BucketTraffic,
  CreateBucketBody,
  ImpactPreview,
  QuotaBucket,
  QuotaServers,
  UpdateBucketBody,
} from '@portal/contracts';
import { ADMIN_PER_PAGE } from '@portal/contracts/limits';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPage } from '../../lib/api.ts';
import { listSearch } from '../../lib/list-search.ts';
import { auditKeys } from '../../lib/query-keys.ts';

/** Spec admin §7 "Rate-limit buckets": every call is under one server. */
const bucketsPath = (server: string) => `/admin/quota_minder_servers/${encodeURIComponent(server)}/buckets`;
const bucketPath = (server: string, id: string) => `${bucketsPath(server)}/${encodeURIComponent(id)}`;

export const quotaServersQuery = () =>
  queryOptions({
    queryKey: ['admin', 'quota', 'servers'],
    queryFn: () => api<QuotaServers>('/admin/quota_minder_servers'),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** A page of a server's buckets (spec admin §5: Total / Per-Page / Link headers like every admin list). */
export const bucketsQuery = (server: string, state: { page: number; cursor?: string | undefined }) =>
  queryOptions({
    queryKey: ['admin', 'quota', 'buckets', server, state.page, state.cursor],
    queryFn: () => apiPage<QuotaBucket>(`${bucketsPath(server)}?${listSearch(state, ADMIN_PER_PAGE, [])}`),
    placeholderData: keepPreviousData,
  });

/** Requests, 429s and would-be 429s per day; refreshed every 5 s while shown. */
export const bucketTrafficQuery = (server: string, id: string) =>
  queryOptions({
    queryKey: ['admin', 'quota', 'traffic', server, id],
    queryFn: () => api<BucketTraffic>(`${bucketPath(server, id)}/traffic`),
    refetchInterval: 5_000,
  });

export const impactPreview = (
  server: string,
  id: string,
  bucketTemplates: CreateBucketBody['data']['bucket_templates'],
) =>
  api<ImpactPreview>(`${bucketPath(server, id)}/impact`, {
    method: 'POST',
    body: { data: { bucket_templates: bucketTemplates } },
  });

function useBucketChange<V>(request: (variables: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'quota', 'buckets'] });
      void client.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}

export const useCreateBucket = (server: string) =>
  useBucketChange((data: CreateBucketBody['data']) =>
    api<QuotaBucket>(bucketsPath(server), { method: 'POST', body: { data } }),
  );

export const useUpdateBucket = (server: string) =>
  useBucketChange(({ id, data }: { id: string; data: UpdateBucketBody['data'] }) =>
    api<QuotaBucket>(bucketPath(server, id), { method: 'PATCH', body: { data } }),
  );

export const useDeleteBucket = (server: string) =>
  useBucketChange((id: string) => api<void>(bucketPath(server, id), { method: 'DELETE' }));
