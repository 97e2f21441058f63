import type {
  AdminDeveloper,
  AdminDeveloperApp,
  AdminDeveloperAppRow,
  AdminLogoResponse,
  AdminOauthApplication,
  AdminUpdateDeveloperAppBody,
  AdminUpdateDeveloperBody,
  AuditEvent,
  DeveloperOption,
  ReviewQueueRow,
} from '@portal/contracts';
import { ADMIN_PER_PAGE } from '@portal/contracts/limits';
import {
  keepPreviousData,
  type QueryKey,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api, apiPage, apiUpload, type UploadProgress } from '../../lib/api.ts';
import { type ListRequestParam, type ListState, listSearch } from '../../lib/list-search.ts';
import { auditKeys } from '../../lib/query-keys.ts';
import { ownerIds } from './owners.ts';

/** URL filter names (useListParams) of the apps list and the review queue. */
export const APP_LIST_FILTERS = ['search', 'owners', 'sort', 'in_review', 'with_deleted'] as const;
export type AppListFilter = (typeof APP_LIST_FILTERS)[number];

/** The apps list's and the review queue's `filters[…]` and `sort` (spec admin §7). */
function appParams(filters: Record<AppListFilter, string>): ListRequestParam[] {
  return [
    ['filters[search]', filters.search],
    ...ownerIds(filters.owners).map((id): ListRequestParam => ['filters[owner_id][]', id]),
    ['filters[in_review]', filters.in_review],
    ['filters[with_deleted]', filters.with_deleted],
    ['sort', filters.sort],
  ];
}

/**
 * A page of an admin list (spec admin §7): its rows by the list's state, the last page shown while the next
 * loads.
 */
function adminListQuery<T>(
  queryKey: QueryKey,
  path: string,
  state: { page: number; cursor?: string | undefined },
  params: readonly ListRequestParam[],
) {
  return queryOptions({
    queryKey,
    queryFn: () => apiPage<T>(`${path}?${listSearch(state, ADMIN_PER_PAGE, params)}`),
    placeholderData: keepPreviousData,
  });
}

export const adminAppsQuery = (state: ListState<AppListFilter>) =>
  adminListQuery<AdminDeveloperAppRow>(
    ['admin', 'developer_apps', 'list', state],
    '/admin/developer_apps',
    state,
    appParams(state.filters),
  );

export const reviewQueueQuery = (state: ListState<AppListFilter>) =>
  adminListQuery<ReviewQueueRow>(
    ['admin', 'review_queue', state],
    '/admin/review_queue',
    state,
    appParams({ ...state.filters, in_review: state.filters.in_review || 'true' }),
  );

export const adminDevelopersQuery = (state: ListState<'search' | 'sort'>) =>
  adminListQuery<AdminDeveloper>(['admin', 'developers', 'list', state], '/admin/developers', state, [
    ['filters[search]', state.filters.search],
    ['sort', state.filters.sort],
  ]);

/** The created-by picker's options: a request with only the search (spec admin §7). */
export const developerOptionsQuery = (search: string) =>
  queryOptions({
    queryKey: ['admin', 'developers', 'options', search],
    queryFn: () =>
      api<DeveloperOption[]>(`/admin/developers?${new URLSearchParams({ 'filters[search]': search })}`),
    enabled: search.trim().length >= 3,
    staleTime: 30_000,
  });

export const OAUTH_LIST_FILTERS = ['search', 'sort', 'environment'] as const;

export const adminOauthQuery = (state: ListState<(typeof OAUTH_LIST_FILTERS)[number]>) =>
  adminListQuery<AdminOauthApplication>(
    ['admin', 'oauth_applications', state],
    '/admin/oauth_applications',
    state,
    [
      // Always sent (spec admin §7), though the page's own URL leaves the default out.
      ['environment', state.filters.environment || 'production'],
      ['filters[search]', state.filters.search],
      ['sort', state.filters.sort],
    ],
  );

export const adminAppKey = (id: string) => ['admin', 'developer_apps', 'detail', id] as const;

export const adminAppQuery = (id: string) =>
  queryOptions({
    queryKey: adminAppKey(id),
    queryFn: () => api<AdminDeveloperApp>(`/admin/developer_apps/${encodeURIComponent(id)}`),
  });

/** A change to the app: the page takes the answer, the history refreshes, and so do `lists`. */
function useAdminAppChange<V, R>(
  id: string,
  request: (variables: V) => Promise<R>,
  lists: readonly QueryKey[] = [],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (saved) => {
      client.setQueryData(adminAppKey(id), saved);
      void client.invalidateQueries({ queryKey: auditKeys.all });
      for (const queryKey of lists) void client.invalidateQueries({ queryKey });
    },
  });
}

/** PATCH `developer_app` (spec admin §7); the page and the lists refresh from the answer. */
export const useUpdateAdminApp = (id: string) =>
  useAdminAppChange(
    id,
    (developer_app: AdminUpdateDeveloperAppBody['developer_app']) =>
      api<AdminDeveloperApp>(`/admin/developer_apps/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { developer_app },
      }),
    [
      ['admin', 'developer_apps', 'list'],
      ['admin', 'review_queue'],
    ],
  );

/** `PUT developer_app[thumbnail]` multipart (spec admin §7): the server checks the file's content. */
export const useUploadAdminLogo = (id: string) =>
  useAdminAppChange(id, ({ file, onProgress }: { file: File; onProgress: UploadProgress }) => {
    const form = new FormData();
    form.append('developer_app[thumbnail]', file);
    return apiUpload<AdminLogoResponse>(`/admin/developer_apps/${encodeURIComponent(id)}`, form, {
      method: 'PUT',
      onProgress,
    });
  });

/** `PUT developer_app.remove_thumbnail: true` (spec admin §7). */
export const useRemoveAdminLogo = (id: string) =>
  useAdminAppChange(id, () =>
    api<AdminLogoResponse>(`/admin/developer_apps/${encodeURIComponent(id)}`, {
      method: 'PUT',
      body: { developer_app: { remove_thumbnail: true } },
    }),
  );

/** Approve or deny a pending production credentials request (credentials.routes.ts). */
export function useProductionDecision(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: { approve: true } | { approve: false; reason: string }) =>
      api(
        `/admin/developer_apps/${encodeURIComponent(id)}/production_access/${decision.approve ? 'approve' : 'deny'}`,
        {
          method: 'POST',
          ...(decision.approve ? {} : { body: { reason: decision.reason } }),
        },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: adminAppKey(id) }),
  });
}

export const adminDeveloperKey = (id: string) => ['admin', 'developers', 'detail', id] as const;

export const adminDeveloperQuery = (id: string) =>
  queryOptions({
    queryKey: adminDeveloperKey(id),
    queryFn: () => api<AdminDeveloper>(`/admin/developers/${encodeURIComponent(id)}`),
  });

export function useUpdateAdminDeveloper(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (developer: AdminUpdateDeveloperBody['developer']) =>
      api<AdminDeveloper>(`/admin/developers/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { developer },
      }),
    onSuccess: (saved) => {
      client.setQueryData(adminDeveloperKey(id), saved);
      void client.invalidateQueries({ queryKey: ['admin', 'developers', 'list'] });
    },
  });
}

export const AUDIT_FILTERS = ['subject', 'action'] as const;

/** A page of the audit log, newest first; `subject` narrows it to one app or account. */
export const auditQuery = (state: ListState<(typeof AUDIT_FILTERS)[number]>) =>
  adminListQuery<AuditEvent>([...auditKeys.all, state], '/admin/audit', state, [
    ['filters[subject_id]', state.filters.subject],
    ['filters[action]', state.filters.action],
  ]);

/**
 * Approves a waiting request from the review queue (issue 22): production credentials (the same approval
 * as the app page's panel) or marketplace access (ticks Marketplace enabled). Every admin list refreshes.
 */
export function useRequestApproval(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: 'production_access' | 'marketplace_access') =>
      api(`/admin/developer_apps/${encodeURIComponent(id)}/${request}/approve`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
