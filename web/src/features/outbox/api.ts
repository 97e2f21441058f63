import type { OutboxMessage } from '@portal/contracts';
import { OUTBOX_PER_PAGE } from '@portal/contracts/limits';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiPage } from '../../lib/api.ts';
import { type ListState, listSearch } from '../../lib/list-search.ts';

/** A page of the outbox, newest first; `to` matches part of the recipient's address. */
export const outboxQuery = ({ page, cursor, filters }: ListState<'to'>) =>
  queryOptions({
    queryKey: ['admin', 'outbox', { page, cursor, filters }],
    queryFn: () =>
      apiPage<OutboxMessage>(
        `/admin/outbox?${listSearch({ page, cursor }, OUTBOX_PER_PAGE, [['to', filters.to]])}`,
      ),
    placeholderData: keepPreviousData,
  });
