import assert from 'node:assert/strict';
import { test } from 'node:test';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/helpers.ts';
import { AppError } from '../errors.ts';
import { seekKey } from './histogram-seek.ts';
import {
  containsAny,
  endingInId,
  type ListRequest,
  type ListSort,
  listPage,
  pageRows,
  resolveSort,
  rowQuery,
} from './index.ts';

const t = useTestApp();

const by = endingInId(mailOutbox.id, 'uuid');

const SORTS = {
  created_at: by(mailOutbox.createdAt, 'timestamptz', { table: 'mail_outbox', column: 'created_at' }),
  subject: by(mailOutbox.subject, 'text', { table: 'mail_outbox', column: 'subject' }),
} satisfies Record<string, ListSort>;

const ROWS = 300;
/** Subjects in list order (newest first): row-0300 … row-0001. */
let expected: string[];

async function seed() {
  await t.ctx.db.execute(sql`
    insert into mail_outbox (idempotency_key, "to", subject, text, html, template, delivery, status, created_at)
    select 'list-' || g, 'dev' || g || '@example.com', 'row-' || lpad(g::text, 4, '0'), 't', 'h', 'list', 'outbox', 'sent',
           timestamptz '2026-01-01' + (g || ' minutes')::interval
    from generate_series(1, ${ROWS}) g`);
  await t.ctx.db.execute(sql`analyze mail_outbox`);
  expected = Array.from({ length: ROWS }, (_, i) => `row-${String(ROWS - i).padStart(4, '0')}`);
}

type Sort = keyof typeof SORTS;
type PageRequest = Omit<Partial<ListRequest>, 'sort'> & { sort?: Sort | `-${Sort}` };

const OUTBOX_ROW = pageRows('outbox row', (pageId) =>
  rowQuery.select().from(mailOutbox).where(eq(mailOutbox.id, pageId)),
);

/**
 * A page read both ways the engine reads rows: by the page's ids after its keys, and in the keys'
 * statement (page-rows.ts). Every test here checks that the two answer the same.
 */
async function page(request: PageRequest & { where?: ReturnType<typeof containsAny> }, countLimit = 20) {
  const read = (load: Parameters<typeof listPage<typeof mailOutbox.$inferSelect>>[4]) =>
    listPage(
      { db: t.ctx.db, limits: { exactCount: countLimit } },
      { from: sql`${mailOutbox}`, table: 'mail_outbox', where: request.where, id: mailOutbox.id },
      resolveSort(SORTS, request.sort ?? '-created_at'),
      { page: 1, per_page: 10, ...request },
      load,
      (row) => row.id,
    );
  const byIds = await read((ids) =>
    t.ctx.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids)).orderBy(asc(mailOutbox.id)),
  );
  assert.deepEqual(await read(OUTBOX_ROW), byIds, 'rows read with the keys differ from rows read by id');
  return byIds;
}

const subjects = (rows: Array<{ subject: string }>) => rows.map((row) => row.subject);

test('under the cap: exact total, pages in order from either end', async () => {
  await seed();
  const all = await page({ per_page: 100 }, 1000);
  assert.deepEqual({ total: all.total, exact: all.exact }, { total: ROWS, exact: true });
  for (const p of [1, 2, 3]) {
    const res = await page({ per_page: 100, page: p }, 1000);
    assert.deepEqual(subjects(res.rows), expected.slice((p - 1) * 100, p * 100), `page ${p}`);
  }
  const back = await page({ per_page: 45, page: 6 }, 1000);
  assert.deepEqual(subjects(back.rows), expected.slice(225, 270));
  const lastPage = await page({ per_page: 45, page: 7 }, 1000);
  assert.deepEqual(subjects(lastPage.rows), expected.slice(270));
  assert.equal(lastPage.next, undefined);
  assert.deepEqual((await page({ per_page: 45, page: 8 }, 1000)).rows, []);
});

test('over the cap: the total is an estimate, the last page holds the oldest rows, cursors walk every row once', async () => {
  const first = await page({});
  assert.equal(first.exact, false);
  assert.ok(Math.abs(first.total - ROWS) <= ROWS * 0.1, `estimate ${first.total}`);
  assert.deepEqual(subjects(first.rows), expected.slice(0, 10));

  const lastPage = Math.ceil(first.total / 10);
  const last = await page({ page: lastPage });
  assert.deepEqual(subjects(last.rows), expected.slice(ROWS - last.rows.length));

  const seen: string[] = [];
  let current = first;
  for (let p = 1; ; p++) {
    seen.push(...subjects(current.rows));
    if (!current.next) break;
    current = await page({ page: p + 1, cursor: current.next });
  }
  assert.deepEqual(seen, expected);

  const back: string[] = [];
  current = last;
  for (let p = lastPage; ; p--) {
    back.unshift(...subjects(current.rows));
    if (!current.prev) break;
    current = await page({ page: p - 1, cursor: current.prev });
  }
  assert.deepEqual(back, expected);
});

test('a page number far from both ends seeks through the histogram: contiguous rows near that position', async () => {
  const middle = await page({ page: 15 });
  const got = subjects(middle.rows);
  const start = expected.indexOf(got[0]!);
  assert.deepEqual(got, expected.slice(start, start + 10), 'ten consecutive rows');
  assert.ok(Math.abs(start - 140) <= 15, `row ${start} for position 140`);
  // Its cursors continue exactly.
  const next = await page({ page: 16, cursor: middle.next! });
  assert.deepEqual(subjects(next.rows), expected.slice(start + 10, start + 20));
  const prev = await page({ page: 14, cursor: middle.prev! });
  assert.deepEqual(subjects(prev.rows), expected.slice(start - 10, start));
});

test('a text-ordered list seeks to a histogram bucket and skips into it, either direction', async () => {
  // The seek itself: halfway down the descending list is around row-0150.
  const seek = await seekKey(t.ctx.db, resolveSort(SORTS, '-subject'), 0.5, ROWS);
  assert.ok(seek, 'the histogram answered');
  const landed = expected.indexOf(seek.values[0]!) + seek.skip;
  assert.ok(Math.abs(landed - 150) <= 10, `landed on ${landed}`);
  for (const [sort, order] of [
    ['-subject', expected],
    ['subject', [...expected].reverse()],
  ] as const) {
    const middle = await page({ sort, page: 15 });
    const got = subjects(middle.rows);
    const start = order.indexOf(got[0]!);
    assert.deepEqual(got, order.slice(start, start + 10), `${sort}: ten consecutive rows`);
    assert.ok(Math.abs(start - 140) <= 15, `${sort}: row ${start} for position 140`);
    const next = await page({ sort, page: 16, cursor: middle.next! });
    assert.deepEqual(subjects(next.rows), order.slice(start + 10, start + 20));
  }
});

test('ascending order and filters use the same machinery', async () => {
  const oldest = await page({ sort: 'created_at', per_page: 5 }, 1000);
  assert.deepEqual(subjects(oldest.rows), [...expected].reverse().slice(0, 5));
  const filtered = await page({ where: containsAny('dev1', [mailOutbox.to]), per_page: 200 }, 1000);
  // dev1, dev10–19, dev100–199
  assert.equal(filtered.total, 111);
  assert.ok(filtered.exact);
});

test('search matches % _ and \\ literally', async () => {
  await t.ctx.db.execute(sql`
    insert into mail_outbox (idempotency_key, "to", subject, text, html, template, delivery, status)
    values ('p1', 'a%b@x.test', 's', 't', 'h', 'x', 'outbox', 'sent'),
           ('p2', 'a_b@x.test', 's', 't', 'h', 'x', 'outbox', 'sent'),
           ('p3', 'a\\b@x.test', 's', 't', 'h', 'x', 'outbox', 'sent'),
           ('p4', 'aXb@x.test', 's', 't', 'h', 'x', 'outbox', 'sent')`);
  const to = async (term: string) =>
    (await page({ where: containsAny(term, [mailOutbox.to]), per_page: 10 }, 1000)).rows.map((row) => row.to);
  assert.deepEqual(await to('a%b'), ['a%b@x.test']);
  assert.deepEqual(await to('a_b'), ['a_b@x.test']);
  assert.deepEqual(await to('a\\b'), ['a\\b@x.test']);
  assert.deepEqual((await to('AXB')).sort(), ['aXb@x.test']);
});

test('a cursor from another order, or altered, is refused as a validation error', async () => {
  const { next } = await page({});
  const refused = async (request: PageRequest) => {
    await assert.rejects(page(request), (error: unknown) => {
      assert.ok(error instanceof AppError);
      assert.equal(error.code, 'validation_failed');
      assert.ok(error.details.fields?.cursor);
      return true;
    });
  };
  await refused({ cursor: next!, sort: 'created_at' });
  await refused({ cursor: 'bm90LWpzb24' });
  const forged = (values: unknown[]) =>
    Buffer.from(JSON.stringify(['-created_at', 0, ...values])).toString('base64url');
  await refused({ cursor: forged(['2026-13-45 99:00:00+00', '00000000-0000-4000-8000-000000000000']) });
  await refused({ cursor: forged(['2026-01-01 00:00:00+00', 'not-a-uuid']) });
  await refused({ cursor: forged(['2026-01-01 00:00:00+00']) });
});

test('a shaped list is built once and each request sends only its values; a name reused for another statement fails in tests', async () => {
  const recipient = eq(mailOutbox.to, sql.placeholder('to'));
  const shaped = (to: string, where: SQL = recipient) =>
    listPage(
      { db: t.ctx.db, limits: { exactCount: 20 } },
      {
        from: sql`${mailOutbox}`,
        table: 'mail_outbox',
        where,
        id: mailOutbox.id,
        keptPlan: true,
        shape: { name: 'list test by recipient', values: { to } },
      },
      resolveSort(SORTS, '-created_at'),
      { page: 1, per_page: 1 },
      (ids) => t.ctx.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids)),
      (row) => row.id,
    );
  const first = await shaped('dev7@example.com');
  assert.deepEqual([subjects(first.rows), first.total], [['row-0007'], 1]);
  assert.deepEqual(subjects((await shaped('dev8@example.com')).rows), ['row-0008']);
  const inlined = eq(mailOutbox.to, 'dev9@example.com');
  await assert.rejects(
    shaped('dev9@example.com', inlined),
    /list test by recipient.*built another statement/,
  );
});
