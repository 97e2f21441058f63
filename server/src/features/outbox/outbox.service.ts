import type { OutboxMessage, OutboxQuery } from '@portal/contracts';
import { inArray, sql } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { containsAny, endingInId, type ListSort, listPage, resolveSort } from '../../platform/list/index.ts';

const by = endingInId(mailOutbox.id, 'uuid');

const SORTS = {
  created_at: by(mailOutbox.createdAt, 'timestamptz', { table: 'mail_outbox', column: 'created_at' }),
} satisfies Record<string, ListSort>;

function toMessage(row: typeof mailOutbox.$inferSelect): OutboxMessage {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    template: row.template,
    delivery: row.delivery,
    status: row.status,
    error: row.error,
    created_at: row.createdAt.toISOString(),
  };
}

/** The newest e-mails first, optionally those whose recipient contains `to`. */
export async function listOutbox(ctx: AppContext, query: OutboxQuery) {
  const page = await listPage(
    ctx,
    {
      from: sql`${mailOutbox}`,
      table: 'mail_outbox',
      search: containsAny(query.to, [mailOutbox.to]),
      id: mailOutbox.id,
    },
    resolveSort(SORTS, '-created_at'),
    query,
    (ids) => ctx.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids)),
    (row) => row.id,
  );
  return { ...page, rows: page.rows.map(toMessage) };
}
