import type {
  AdminNotification,
  CreateNotificationBody,
  CriticalOptOutResult,
  MarkAllReadResult,
  Notification,
  UnreadCount,
  UpdateNotificationBody,
} from '@portal/contracts';
import {
  ADMIN_NOTIFICATIONS_PER_PAGE,
  BELL_PREVIEW_COUNT,
  NOTIFICATIONS_PER_PAGE,
} from '@portal/contracts/limits';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPage } from '../../lib/api.ts';
import { type ListState, listSearch } from '../../lib/list-search.ts';

/** A page of announcements for the list page (25 at a time, newest first). */
export const notificationsQuery = ({ page, cursor }: Pick<ListState<never>, 'page' | 'cursor'>) =>
  queryOptions({
    queryKey: ['notifications', 'list', { page, cursor }],
    queryFn: () =>
      apiPage<Notification>(`/notifications?${listSearch({ page, cursor }, NOTIFICATIONS_PER_PAGE)}`),
    placeholderData: keepPreviousData,
  });

export const bellQuery = queryOptions({
  queryKey: ['notifications', 'bell'],
  queryFn: () => api<Notification[]>(`/notifications?${listSearch({ page: 1 }, BELL_PREVIEW_COUNT)}`),
});

export const unreadCountQuery = queryOptions({
  queryKey: ['notifications', 'unread'],
  queryFn: () => api<UnreadCount>('/notifications/unread_count'),
  refetchInterval: 60_000,
});

export const notificationQuery = (id: string) =>
  queryOptions({
    queryKey: ['notifications', 'one', id],
    queryFn: () => api<Notification>(`/notifications/${encodeURIComponent(id)}`),
  });

/** A page of the admin list (50 at a time, newest first). */
export const adminNotificationsQuery = ({ page, cursor }: Pick<ListState<never>, 'page' | 'cursor'>) =>
  queryOptions({
    queryKey: ['admin', 'notifications', 'list', { page, cursor }],
    queryFn: () =>
      apiPage<AdminNotification>(
        `/admin/notifications?${listSearch({ page, cursor }, ADMIN_NOTIFICATIONS_PER_PAGE)}`,
      ),
    placeholderData: keepPreviousData,
  });

export const adminNotificationQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'notifications', 'one', id],
    queryFn: () => api<AdminNotification>(`/admin/notifications/${encodeURIComponent(id)}`),
  });

/** Marks one read; the bell, list and count refresh. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<Notification>(`/notifications/${encodeURIComponent(id)}`, { method: 'PATCH' }),
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationQuery(saved.id).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: ['notifications'], refetchType: 'active' });
    },
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<MarkAllReadResult>('/notifications/read_all', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'notifications'] }),
      queryClient.invalidateQueries({ queryKey: ['notifications'] }),
    ]);
}

export function useCreateNotification() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (body: Partial<CreateNotificationBody>) =>
      api<AdminNotification>('/admin/notifications', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useUpdateNotification(id: string) {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (body: UpdateNotificationBody) =>
      api<AdminNotification>(`/admin/notifications/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteNotification(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(`/admin/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    // Refresh the lists, but not the deleted one: refetching it would only answer 404.
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          (query.queryKey[0] === 'notifications' ||
            (query.queryKey[0] === 'admin' && query.queryKey[1] === 'notifications')) &&
          !query.queryKey.includes(id),
      }),
  });
}

export function useCriticalOptOut() {
  return useMutation({
    mutationFn: (token: string) =>
      api<CriticalOptOutResult>('/notifications/opt_out', { method: 'POST', body: { token } }),
  });
}
