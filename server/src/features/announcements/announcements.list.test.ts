import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { assertPaged, assertPagedOverCap, assertRefusesBadPaging } from '../../platform/list/testkit.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { listVisible } from './announcements.repo.ts';

let t: TestApp;
let admin: TestClient;
let developer: TestClient;
let developerId: string;
/** Newest first: every announcement, and the ones developers see. */
let all: Array<{ id: string; title: string; visible: boolean }>;
let visible: string[];

before(async () => {
  t = await createTestApp();
  admin = (await t.asNewUser({ role: 'admin' })).client;
  const reader = await t.asNewUser();
  developer = reader.client;
  developerId = reader.user.id;
  t.clock.set('2026-04-01T12:00:00Z');
  const created: Array<{ id: string; title: string; visible: boolean }> = [];
  const titles = [
    'Webhooks',
    'Rate limits',
    'Refresh of sandboxes',
    'OAuth scopes',
    'Webhook retries',
    'SDK 2.0',
  ];
  for (let i = 0; i < 18; i++) {
    t.clock.advance(60_000);
    const body = {
      title: `${titles[i % titles.length]} #${i}`,
      summary: 's',
      body: 'b',
      draft: i % 7 === 3,
      ...(i % 5 === 4 ? { show_after: '2026-05-01' } : {}),
    };
    const res = await admin.post('/api/v1/admin/notifications', body);
    assert.equal(res.statusCode, 201, res.body);
    created.push({ id: res.json().id, title: body.title, visible: res.json().visible });
  }
  all = created.reverse();
  visible = all.filter((row) => row.visible).map((row) => row.id);
  assert.ok(visible.length > 10 && visible.length < all.length);
});
after(() => t.close());

describe('developer list', () => {
  test('visible ones, newest first, paged with headers and cursors', async () => {
    await assertPaged(developer, '/api/v1/notifications', visible, 4);
    await assertPaged(developer, '/api/v1/notifications?per_page=3', visible, 3);
  });

  test('past the exact-count cap every row is still listed once', async () => {
    await t.withLimits({ exactCount: 5 }, () =>
      assertPagedOverCap(developer, '/api/v1/notifications', visible, 4, 5),
    );
  });

  test('filters[search] matches part of the title, case-insensitively', async () => {
    const expected = all
      .filter((row) => /webhook/i.test(row.title) && visible.includes(row.id))
      .map((row) => row.id);
    assert.ok(expected.length >= 3);
    await assertPaged(developer, '/api/v1/notifications?filters[search]=WEBHOOK', expected, 2);
    // The web sends the brackets encoded.
    const encoded = await developer.get('/api/v1/notifications?filters%5Bsearch%5D=webhook&per_page=100');
    assert.deepEqual(
      encoded.json().map((row: { id: string }) => row.id),
      expected,
    );
    const none = await developer.get('/api/v1/notifications?filters[search]=100%25');
    assert.deepEqual(none.json(), []);
    assert.equal(none.headers.total, '0');
  });

  test('bad paging is refused', async () => {
    await assertRefusesBadPaging(developer, '/api/v1/notifications', 100, ['filters[search]=ab']);
  });

  test('the bell asks for 3 and gets the newest 3', async () => {
    const res = await developer.get('/api/v1/notifications?page=1&per_page=3');
    assert.deepEqual(
      res.json().map((row: { id: string }) => row.id),
      visible.slice(0, 3),
    );
  });
});

test("a short page's keys and rows are read by one statement, its plan kept after five runs", async () => {
  // PostgreSQL plans a named statement's first five runs for their values, then keeps one plan if
  // it costs no more than theirs did: a short page must not look cheaper planned afresh, so the
  // bell's page size and the first page's offset are in the text (platform/list/keyset.ts,
  // `inlined`). The page's keys and its rows with when the reader read them are one statement
  // (platform/list/page-rows.ts). One connection: a transaction.
  const plans = () =>
    sql`select coalesce(sum(generic_plans), 0)::int as generic, coalesce(sum(custom_plans), 0)::int as custom
      from pg_prepared_statements
      where statement like '%row_number() over%' and statement like '%announcement_unreads%'
        and statement like '%limit 4 offset 0%'`;
  type Plans = { generic: number; custom: number };
  const { before, after } = await t.ctx.db.transaction(async (tx) => {
    const read = async () => ((await tx.execute(plans())) as unknown as { rows: Plans[] }).rows[0]!;
    const before = await read();
    for (let i = 0; i < 8; i++) {
      const ctx = { ...t.ctx, db: tx };
      const page = await listVisible(ctx, t.clock.now(), { page: 1, per_page: 3 }, developerId);
      assert.deepEqual(
        page.rows.map((row) => row.id),
        visible.slice(0, 3),
      );
    }
    return { before, after: await read() };
  });
  assert.ok(after.custom - before.custom <= 5, JSON.stringify({ before, after }));
  assert.ok(after.generic - before.generic >= 3, JSON.stringify({ before, after }));
});

describe('admin list', () => {
  const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);

  test('every announcement (drafts and scheduled too), newest first, 50 a page by default', async () => {
    await assertPaged(admin, '/api/v1/admin/notifications', ids(all), 5);
    const res = await admin.get('/api/v1/admin/notifications');
    assert.equal(res.headers['per-page'], '50');
  });

  test('sort by title either way; unknown sorts are refused', async () => {
    const byTitle = [...all].sort((a, b) =>
      a.title < b.title ? -1 : a.title > b.title ? 1 : a.id < b.id ? -1 : 1,
    );
    await assertPaged(admin, '/api/v1/admin/notifications?sort=title', ids(byTitle), 4);
    const descending = await admin.get('/api/v1/admin/notifications?sort=-title&per_page=100');
    assert.deepEqual(ids(descending.json()), ids(byTitle).reverse());
    await assertRefusesBadPaging(admin, '/api/v1/admin/notifications', 100, ['sort=body', 'sort=--title']);
  });

  test('a cursor from one order does not work in another', async () => {
    const first = await admin.get('/api/v1/admin/notifications?sort=title&per_page=2');
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))![1]!;
    const cursor = new URL(next, 'http://x').searchParams.get('cursor')!;
    const res = await admin.get(`/api/v1/admin/notifications?sort=-created_at&cursor=${cursor}`);
    assert.equal(res.statusCode, 422);
    assert.ok(res.json().fields.cursor);
  });

  test('over the cap and searched', async () => {
    await t.withLimits({ exactCount: 3 }, async () => {
      await assertPagedOverCap(admin, '/api/v1/admin/notifications', ids(all), 5, 3);
      const sdk = all.filter((row) => row.title.startsWith('SDK')).map((row) => row.id);
      await assertPaged(admin, '/api/v1/admin/notifications?filters[search]=sdk%202', sdk, 2);
    });
  });

  test('developers cannot use it', async () => {
    assert.equal((await developer.get('/api/v1/admin/notifications')).statusCode, 403);
  });
});
