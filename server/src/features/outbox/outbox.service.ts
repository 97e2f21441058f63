import type { OutboxMessage, PageQuery } from '@portal/contracts';
import { count, desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';

/** The newest e-mails first, optionally for one recipient. */
export async function listOutbox(ctx: AppContext, query: PageQuery & { to?: string | undefined }) {
  const where = query.to ? eq(mailOutbox.to, query.to.toLowerCase()) : undefined;
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    ctx.db.select({ total: count() }).from(mailOutbox).where(where),
  ]);
  return {
    total: totals?.total ?? 0,
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
