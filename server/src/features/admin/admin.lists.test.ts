import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type SQL, sql } from 'drizzle-orm';
import { forgetEstimates } from '../../platform/list/count.ts';
import { seekKey } from '../../platform/list/histogram-seek.ts';
import { resolveSort } from '../../platform/list/index.ts';
import {
  assertPaged,
  assertPagedOverCap,
  assertRefusesBadPaging,
  parseLinks,
} from '../../platform/list/testkit.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { DEVELOPER_SORTS } from './admin-developers.list.ts';

type Rows<T> = { rows: T[] };
let t: TestApp;
let admin: TestClient;
let adminId: string;
let ownerA: string;
let ownerB: string;
const V = '/api/v1/admin';

const ids = async (query: ReturnType<typeof sql>) =>
  ((await t.ctx.db.execute(query)) as unknown as Rows<{ id: string }>).rows.map((row) => row.id);
const idsOf = (res: { json(): Array<{ id: string }> }) => res.json().map((row) => row.id);

/**
 * Every sort of a list (its key: the column it orders by) in both directions pages through the ids
 * `idsBy` reads in that order, then by id.
 */
async function assertEverySort(
  list: string,
  columns: Record<string, string>,
  idsBy: (order: SQL) => SQL,
  perPage: number,
) {
  for (const [key, column] of Object.entries(columns)) {
    for (const dir of ['asc', 'desc']) {
      const expected = await ids(idsBy(sql`${sql.raw(column)} ${sql.raw(dir)}, id ${sql.raw(dir)}`));
      await assertPaged(admin, `${list}?sort=${dir === 'desc' ? '-' : ''}${key}`, expected, perPage);
    }
  }
}

before(async () => {
  t = await createTestApp();
  const signedIn = await t.asNewUser({ role: 'admin', name: 'Ada Admin', email: 'ada@staff.example.com' });
  admin = signedIn.client;
  adminId = signedIn.user.id;
  ownerA = (await t.createUser({ name: 'Alice Owner', email: 'alice@acme.example.com', companyName: 'Acme' }))
    .id;
  ownerB = (await t.createUser({ name: 'Bob Builder', email: 'bob@bricks.example.com' })).id;
  // 12 apps for A, 9 for B; every 7th deleted; created one minute apart.
  await t.ctx.db.execute(sql`
    insert into developer_apps (internal_name, owner_id, external_procore_owner_id, created_at, updated_at, deleted_at)
    select case when g % 4 = 0 then 'Field Sync ' || g else 'Crane Log ' || g end,
           case when g <= 12 then ${ownerA} else ${ownerB} end, 1,
           timestamptz '2026-01-01' + (g || ' minutes')::interval,
           timestamptz '2026-02-01' - (g || ' minutes')::interval,
           case when g % 7 = 0 then timestamptz '2026-03-01' end
    from generate_series(1, 21) g`);
});
after(() => t.close());

const live = sql`deleted_at is null`;

test('apps: newest first by default, deleted apps left out, Total/Per-Page/Link and cursors', async () => {
  const expected = await ids(
    sql`select id from developer_apps where ${live} order by created_at desc, id desc`,
  );
  assert.equal(expected.length, 18);
  await assertPaged(admin, `${V}/developer_apps`, expected, 5);
  const first = (await admin.get(`${V}/developer_apps?per_page=1`)).json()[0];
  assert.equal(first.internal_name, 'Field Sync 20');
  assert.equal(first.owner.email, 'bob@bricks.example.com');
  assert.equal(first.deleted_at, null);
  assert.equal(first.in_review_at, null);
  assert.equal(first.published, false);
});

test('apps: every sort key in both directions', async () => {
  await assertEverySort(
    `${V}/developer_apps`,
    { internal_name: 'internal_name', created_at: 'created_at', updated_at: 'updated_at' },
    (order) => sql`select id from developer_apps where ${live} order by ${order}`,
    7,
  );
});

test('apps: with_deleted, owner_id[] (one or several), search, in_review', async () => {
  const all = await admin.get(`${V}/developer_apps?filters[with_deleted]=true&per_page=100`);
  assert.equal(all.headers.total, '21');
  const deleted = all.json().filter((row: { deleted_at: string | null }) => row.deleted_at);
  assert.equal(deleted.length, 3);
  assert.equal(deleted[0].deleted_at, '2026-03-01T00:00:00.000Z');

  const byA = await admin.get(`${V}/developer_apps?filters[owner_id][]=${ownerA}&per_page=100`);
  assert.equal(byA.headers.total, '11');
  assert.ok(byA.json().every((row: { owner: { id: string } }) => row.owner.id === ownerA));
  const byBoth = await admin.get(
    `${V}/developer_apps?filters[owner_id][]=${ownerA}&filters[owner_id][]=${ownerB}&per_page=100`,
  );
  assert.equal(byBoth.headers.total, '18');
  const none = await admin.get(`${V}/developer_apps?filters[owner_id][]=${adminId}`);
  assert.equal(none.headers.total, '0');

  const expected = await ids(
    sql`select id from developer_apps where ${live} and internal_name ilike '%field%' order by created_at desc, id desc`,
  );
  await assertPaged(admin, `${V}/developer_apps?filters[search]=FIELD`, expected, 2);

  assert.equal((await admin.get(`${V}/developer_apps?filters[in_review]=true`)).headers.total, '0');
  const [app] = expected;
  await t.ctx.db.execute(
    sql`insert into marketplace_submissions (developer_app_id, state, submitted_at) values (${app}, 'in_review', timestamptz '2026-04-02')`,
  );
  const inReview = await admin.get(`${V}/developer_apps?filters[in_review]=true`);
  assert.deepEqual(idsOf(inReview), [app]);
  assert.equal(inReview.json()[0].in_review_at, '2026-04-02T00:00:00.000Z');
  assert.equal((await admin.get(`${V}/developer_apps?filters[in_review]=false`)).headers.total, '18');
  await t.ctx.db.execute(sql`delete from marketplace_submissions`);
});

test('apps: past the exact-count cap the pages still list every row once', async () => {
  const expected = await ids(
    sql`select id from developer_apps where ${live} order by created_at desc, id desc`,
  );
  await t.withLimits({ exactCount: 4 }, () =>
    assertPagedOverCap(admin, `${V}/developer_apps`, expected, 5, 4),
  );
});

test('bad sort keys, unknown filters and bad paging are 422 naming the parameter', async () => {
  for (const path of ['developer_apps', 'developers', 'oauth_applications', 'review_queue']) {
    const sort = await admin.get(`${V}/${path}?sort=-password`);
    assert.equal(sort.statusCode, 422, `${path} ${sort.body}`);
    assert.equal(sort.json().code, 'validation_failed');
    assert.ok(sort.json().fields.sort[0].includes('-password'));
    const filter = await admin.get(`${V}/${path}?filters[colour]=red`);
    assert.equal(filter.statusCode, 422);
    assert.deepEqual(Object.keys(filter.json().fields), ['filters[colour]']);
    await assertRefusesBadPaging(admin, `${V}/${path}`, 100, ['filters[search]=ab']);
  }
  const flag = await admin.get(`${V}/developer_apps?filters[in_review]=yes`);
  assert.equal(flag.statusCode, 422);
});

test('developers: each sort in both directions, search, and the created-by options mode', async () => {
  await assertEverySort(
    `${V}/developers`,
    { name: 'name', company_name: "coalesce(company_name, '')", email: 'email', procore_id: 'procore_id' },
    (order) => sql`select id from users order by ${order}`,
    2,
  );
  const list = await admin.get(`${V}/developers?filters[search]=acme&page=1`);
  assert.equal(list.headers.total, '1');
  const [alice] = list.json();
  assert.deepEqual(
    { ...alice, id: undefined, created_at: undefined, procore_id: undefined },
    {
      id: undefined,
      name: 'Alice Owner',
      company_name: 'Acme',
      email: 'alice@acme.example.com',
      procore_id: undefined,
      role: 'developer',
      employee: false,
      disabled: false,
      created_at: undefined,
    },
  );
  // Only a search: the picker's {id, email} options, by e-mail.
  const options = await admin.get(`${V}/developers?filters[search]=example.com`);
  assert.equal(options.statusCode, 200);
  assert.deepEqual(options.json(), [
    { id: adminId, email: 'ada@staff.example.com' },
    { id: ownerA, email: 'alice@acme.example.com' },
    { id: ownerB, email: 'bob@bricks.example.com' },
  ]);
});

test('developers take the apps list query shape: owner ids, in review (deleted apps with with_deleted)', async () => {
  const emails = (res: { json(): Array<{ email: string }> }) => res.json().map((row) => row.email);
  const picked = await admin.get(
    `${V}/developers?filters[owner_id][]=${ownerA}&filters[owner_id][]=${ownerB}`,
  );
  assert.equal(picked.statusCode, 200, picked.body);
  assert.deepEqual(emails(picked), ['alice@acme.example.com', 'bob@bricks.example.com']);
  assert.equal(picked.json()[0].name, 'Alice Owner', 'full rows, not the options');
  assert.equal((await admin.get(`${V}/developers?filters[in_review]=true`)).headers.total, '0');

  // Bob's one app in review is live, then deleted: listed with with_deleted only.
  const [bobsApp] = await ids(
    sql`select id from developer_apps where owner_id = ${ownerB} and ${live} limit 1`,
  );
  await t.ctx.db.execute(
    sql`insert into marketplace_submissions (developer_app_id, state, submitted_at) values (${bobsApp}, 'in_review', now())`,
  );
  const inReview = await admin.get(`${V}/developers?filters[in_review]=true&filters[with_deleted]=false`);
  assert.deepEqual(emails(inReview), ['bob@bricks.example.com']);
  const everyone = (await admin.get(`${V}/developers`)).headers.total;
  assert.equal((await admin.get(`${V}/developers?filters[in_review]=false`)).headers.total, everyone);
  await t.ctx.db.execute(sql`update developer_apps set deleted_at = now() where id = ${bobsApp}`);
  assert.equal((await admin.get(`${V}/developers?filters[in_review]=true`)).headers.total, '0');
  const withDeleted = await admin.get(`${V}/developers?filters[in_review]=true&filters[with_deleted]=true`);
  assert.deepEqual(emails(withDeleted), ['bob@bricks.example.com']);
  await t.ctx.db.execute(sql`update developer_apps set deleted_at = null where id = ${bobsApp}`);
  await t.ctx.db.execute(sql`delete from marketplace_submissions`);
});

test('oauth applications: per environment, sorts, filters name/uid/search', async () => {
  await t.ctx.db.execute(sql`
    insert into oauth_applications (developer_app_id, environment, client_id, owner_id)
    select id, case when row_number() over (order by created_at) % 3 = 0 then 'sandbox' else 'production' end,
           'client-' || lpad((row_number() over (order by created_at))::text, 3, '0'), owner_id
    from developer_apps`);
  for (const [sort, order] of [
    ['name', 'a.internal_name asc, o.id asc'],
    ['-name', 'a.internal_name desc, o.id desc'],
    ['uid', 'o.client_id asc, o.id asc'],
    ['-uid', 'o.client_id desc, o.id desc'],
  ] as const) {
    const expected = await ids(
      sql`select o.id from oauth_applications o join developer_apps a on a.id = o.developer_app_id where o.environment = 'production' order by ${sql.raw(order)}`,
    );
    assert.equal(expected.length, 14);
    await assertPaged(admin, `${V}/oauth_applications?sort=${sort}`, expected, 4);
  }
  const sandbox = await admin.get(`${V}/oauth_applications?environment=sandbox&sort=uid`);
  assert.equal(sandbox.headers.total, '7');
  const row = sandbox.json()[0];
  assert.equal(row.uid, 'client-003');
  assert.equal(row.environment, 'sandbox');
  assert.match(row.href, /^\/admin\/developer_apps\/[0-9a-f-]{36}$/);
  assert.equal(row.owner_email, 'alice@acme.example.com');
  assert.equal(row.owner_name, 'Alice Owner');
  const byUid = await admin.get(`${V}/oauth_applications?filters[uid]=client-001`);
  assert.deepEqual(
    byUid.json().map((r: { uid: string }) => r.uid),
    ['client-001'],
  );
  const byName = await admin.get(`${V}/oauth_applications?filters[name]=field&per_page=100`);
  assert.ok(byName.json().length > 0);
  assert.ok(byName.json().every((r: { name: string }) => r.name.startsWith('Field Sync')));
  const search = await admin.get(`${V}/oauth_applications?filters[search]=nt-01`);
  assert.equal(search.headers.total, '7'); // client-010..021 in production
  // The search also matches the app's internal name, in the environment asked for only.
  const byNameSearch = await admin.get(`${V}/oauth_applications?filters[search]=field&per_page=100`);
  assert.deepEqual(
    byNameSearch.json().map((r: { id: string }) => r.id),
    byName.json().map((r: { id: string }) => r.id),
  );
  const both = await admin.get(`${V}/oauth_applications?environment=sandbox&filters[search]=client-003`);
  assert.deepEqual(
    both.json().map((r: { uid: string }) => r.uid),
    ['client-003'],
  );
  assert.equal((await admin.get(`${V}/oauth_applications?environment=staging`)).statusCode, 422);
});

test('oauth applications follow their app: a renamed app, a new client (migration 0019 triggers)', async () => {
  const [client] = await ids(sql`select id from oauth_applications where client_id = 'client-001'`);
  const named = async (query: string) =>
    (await admin.get(`${V}/oauth_applications?${query}&per_page=100`))
      .json()
      .filter((row: { id: string }) => row.id === client)
      .map((row: { name: string }) => row.name);
  const [app] = await ids(sql`select developer_app_id as id from oauth_applications where id = ${client}`);
  await t.ctx.db.execute(sql`update developer_apps set internal_name = 'Zeppelin Tracker' where id = ${app}`);
  assert.deepEqual(await named('filters[search]=zeppelin'), ['Zeppelin Tracker']);
  assert.deepEqual(await named('filters[name]=zeppelin'), ['Zeppelin Tracker']);
  const byName = idsOf(await admin.get(`${V}/oauth_applications?sort=-name&per_page=1`));
  assert.deepEqual(byName, [client], 'sorted by the new name');
  // A direct write cannot make the copy disagree with the app.
  await t.ctx.db.execute(
    sql`update oauth_applications set app_internal_name = 'Forged' where id = ${client}`,
  );
  assert.deepEqual(await named('filters[search]=zeppelin'), ['Zeppelin Tracker']);
  // A client added later carries its app's name from the start.
  await t.ctx.db.execute(sql`
    insert into oauth_applications (developer_app_id, environment, client_id, owner_id)
    values (${app}, 'monthly_sandbox', 'client-new', ${ownerA})`);
  const added = (
    await admin.get(`${V}/oauth_applications?environment=monthly_sandbox&filters[search]=zeppelin`)
  ).json();
  assert.deepEqual(
    added.map((row: { uid: string; name: string }) => `${row.uid} ${row.name}`),
    ['client-new Zeppelin Tracker'],
  );
});

test('developers get 403 on every admin list', async () => {
  const { client } = await t.asNewUser();
  for (const path of ['developer_apps', 'developers', 'oauth_applications', 'review_queue'])
    assert.equal((await client.get(`${V}/${path}`)).statusCode, 403, path);
});

// Last: it adds developers the tests above do not expect.
test('developers by company: a deep page number seeks inside the common values', async () => {
  await t.ctx.db.execute(sql`
    insert into users (id, name, email, email_verified, role, company_name, created_at, updated_at)
    select 'seek-user-' || lpad(g::text, 4, '0'), 'Seeker ' || g, 'seeker' || g || '@seek.test', true, 'developer',
           case when g % 3 <> 0 then 'Company ' || lpad((g % 20)::text, 2, '0') end, now(), now()
    from generate_series(1, 600) g`);
  await t.ctx.db.execute(sql`analyze users`);
  forgetEstimates(t.ctx.db);
  const expected = await ids(sql`select id from users order by coalesce(company_name, ''), id`);
  // A tenth of the way in is inside the developers without a company (a third of them): the
  // statistics of the sort's expression index answer, with a user id to seek to.
  const seek = await seekKey(t.ctx.db, resolveSort(DEVELOPER_SORTS, 'company_name'), 0.1, expected.length);
  assert.equal(seek?.values[0], '');
  assert.equal(seek?.values.length, 2);
  await t.withLimits({ exactCount: 20 }, async () => {
    for (const [sort, order] of [
      ['company_name', expected],
      ['-company_name', [...expected].reverse()],
    ] as const) {
      const page = await admin.get(`${V}/developers?sort=${sort}&per_page=10&page=7`);
      const got = idsOf(page);
      const start = order.indexOf(got[0]!);
      assert.deepEqual(got, order.slice(start, start + 10), `${sort}: ten consecutive developers`);
      assert.ok(Math.abs(start - 60) <= 40, `${sort}: row ${start} for position 60`);
      const next = await admin.get(parseLinks(page.headers.link).next!);
      assert.deepEqual(idsOf(next), order.slice(start + 10, start + 20), `${sort}: next continues exactly`);
    }
  });
});

test('developers by Procore id: a cursor carries an id past 32 bits', async () => {
  await t.ctx.db.execute(sql`update users set procore_id = 9000000001 where id = 'seek-user-0001'`);
  const first = await admin.get(`${V}/developers?sort=-procore_id&per_page=1`);
  assert.deepEqual(idsOf(first), ['seek-user-0001']);
  const next = await admin.get(parseLinks(first.headers.link).next!);
  assert.equal(next.statusCode, 200, next.body);
  assert.notDeepEqual(idsOf(next), ['seek-user-0001']);
});
