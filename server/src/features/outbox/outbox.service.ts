import type { OutboxMessage, PageQuery } from '@portal/contracts';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { countRows } from '../../platform/count.ts';

/** The newest e-mails first, optionally for one recipient. */
export async function listOutbox(ctx: AppContext, query: PageQuery & { to?: string | undefined }) {
  const where = query.to ? eq(mailOutbox.to, query.to.toLowerCase()) : undefined;
  const [rows, total] = await Promise.all([
    ctx.db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    countRows(ctx.db, mailOutbox, 'mail_outbox', where),
  ]);
  return {
    total,
    rows: rows.map(
      (row): OutboxMessage => ({
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
      }),
    ),
  };
}
