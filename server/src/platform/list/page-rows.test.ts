import assert from 'node:assert/strict';
import { test } from 'node:test';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { mailOutbox, users } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/helpers.ts';
import { endingInId, listPage, type PageRows, pageRows, resolveSort, rowQuery } from './index.ts';

const t = useTestApp();

const by = endingInId(mailOutbox.id, 'uuid');
const SORTS = { subject: by(mailOutbox.subject, 'text') };

/** Page 1 of the outbox mails whose subject starts with `prefix`, read with `rows`. */
const outboxPage = <Row extends { id: string }>(
  prefix: string,
  sort: 'subject' | '-subject',
  perPage: number,
  rows: PageRows<Row>,
  total?: SQL,
) =>
  listPage(
    { db: t.ctx.db, limits: { exactCount: 100 } },
    {
      from: sql`${mailOutbox}`,
      table: 'mail_outbox',
      where: sql`${mailOutbox.subject} like ${`${prefix}%`}`,
      id: mailOutbox.id,
    },
    resolveSort(SORTS, sort),
    { page: 1, per_page: perPage },
    rows,
    (row) => row.id,
    { total },
  );

/**
 * The rows are read as Drizzle reads a select's (page-rows.ts takes the field order from a function
 * it exports untyped, and each field's decoder): nested objects, a left join that found nothing, a
 * computed column with its decoder, and a row the select does not find. An upgrade that changes
 * them fails here.
 */
test('rows read with the keys: nested fields, decoders, a left join without a match, a row not found', async () => {
  await t.ctx.db.execute(sql`
    insert into mail_outbox (idempotency_key, "to", subject, text, html, template, delivery, status, created_at)
    select 'rows-' || g, 'dev' || g || '@example.com', 'rows-' || g, 't', 'h', 'list', 'outbox', 'sent',
           timestamptz '2026-02-01' + (g || ' hours')::interval
    from generate_series(1, 4) g`);
  const rows = pageRows('outbox row with nothing joined', (pageId) =>
    rowQuery
      .select({
        id: mailOutbox.id,
        mail: { subject: mailOutbox.subject, createdAt: mailOutbox.createdAt },
        shouted: sql<string>`upper(${mailOutbox.subject})`,
        createdAgain: sql`${mailOutbox.createdAt}`.mapWith(mailOutbox.createdAt),
        nobody: users.email,
      })
      .from(mailOutbox)
      .leftJoin(users, eq(users.email, sql`'nobody-' || ${mailOutbox.subject}`))
      // rows-3 is not found: the page goes on without it.
      .where(and(eq(mailOutbox.id, pageId), ne(mailOutbox.subject, 'rows-3'))),
  );
  const page = await outboxPage('rows-', 'subject', 10, rows);
  assert.deepEqual(
    page.rows.map(({ id: _, ...row }) => row),
    [1, 2, 4].map((g) => {
      const createdAt = new Date(Date.UTC(2026, 1, 1, g));
      return {
        mail: { subject: `rows-${g}`, createdAt },
        shouted: `ROWS-${g}`,
        createdAgain: createdAt,
        nobody: null,
      };
    }),
  );
  assert.equal(page.total, 4);
  assert.ok(page.rows[0]!.mail.createdAt instanceof Date);
});

/**
 * `keyed` columns come from the keys' read, not from the row: here the row select reads none of
 * the outbox's columns for them, so a wrong or missing carry shows as a wrong subject. Both reads
 * carry them: every match at once (a small list), and the page alone (a kept total).
 */
test('keyed columns are read with the keys and handed to the rows select, small list or page', async () => {
  await t.ctx.db.execute(sql`
    insert into mail_outbox (idempotency_key, "to", subject, text, html, template, delivery, status)
    select 'keyed-' || g, 'dev' || g || '@example.com', 'keyed-' || g, 't', 'h', 'list', 'outbox', 'sent'
    from generate_series(1, 3) g`);
  const rows = pageRows(
    'outbox row, subject and recipient from its keys',
    (pageId, keyed) =>
      rowQuery
        .select({ id: mailOutbox.id, subject: sql<string>`${keyed.subject}`, to: sql<string>`${keyed.to}` })
        .from(mailOutbox)
        .where(eq(mailOutbox.id, pageId)),
    { subject: mailOutbox.subject, to: sql`upper(${mailOutbox.to})` },
  );
  const read = (total?: SQL) => outboxPage('keyed-', '-subject', 2, rows, total);
  for (const page of [await read(), await read(sql`select 3`)]) {
    assert.deepEqual(
      page.rows.map(({ subject, to }) => [subject, to]),
      [
        ['keyed-3', 'DEV3@EXAMPLE.COM'],
        ['keyed-2', 'DEV2@EXAMPLE.COM'],
      ],
    );
    assert.equal(page.total, 3);
  }
});
