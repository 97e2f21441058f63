import type { OutboxMessage } from '@portal/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiPage } from '../../lib/api.ts';

export const OUTBOX_PER_PAGE = 25;

export const outboxQuery = (page: number, to: string) =>
  queryOptions({
    queryKey: ['admin', 'outbox', { page, to }],
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page), per_page: String(OUTBOX_PER_PAGE) });
      if (to) params.set('to', to);
      return apiPage<OutboxMessage>(`/admin/outbox?${params}`);
    },
    placeholderData: keepPreviousData,
  });
