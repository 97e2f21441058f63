import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertPaged, assertRefusesBadPaging } from '../../platform/list/testkit.ts';
import { seedReference } from '../../seed/reference.seed.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { seededMatching } from './testing.ts';

let t: TestApp;
let anonymous: TestClient;
let developer: TestClient;
let employee: TestClient;
let admin: TestClient;
const URL = '/api/v1/resource_groups/rest';

before(async () => {
  t = await createTestApp();
  const adminUser = await t.asNewUser({ role: 'admin' });
  admin = adminUser.client;
  await seedReference(t.ctx, { admin: adminUser.user });
  anonymous = t.client();
  developer = (await t.asNewUser()).client;
  employee = (await t.asNewUser({ employee: true })).client;
});
after(() => t.close());

const total = async (client: TestClient, query: string) => {
  const res = await client.get(`${URL}${query}`);
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(Number(res.headers.total), res.json().length, 'one page holds them all');
  return Number(res.headers.total);
};

describe('GET /resource_groups/{group}: filters with exact counts from the seed', () => {
  test('the seed is what the issue asks: ~30 entries over two years, some breaking, some internal', () => {
    const all = seededMatching({ internal: true });
    assert.equal(all.length, 27);
    assert.equal(seededMatching({}).length, 24);
    assert.equal(seededMatching({ breaking: true }).length, 5);
  });

  test('no filter: the public published entries, newest first', async () => {
    const res = await anonymous.get(URL);
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers.total, '24');
    const dates = res.json().map((e: { datestamp: string }) => e.datestamp);
    assert.deepEqual(dates, [...dates].sort().reverse());
    assert.equal(
      res.json().some((e: { visibility: string }) => e.visibility === 'internal'),
      false,
    );
  });

  const cases: Array<[string, string, Parameters<typeof seededMatching>[0]]> = [
    ['one type', '?filters[type][]=deprecated', { types: ['deprecated'] }],
    ['two types', '?filters[type][]=deprecated&filters[type][]=sunset', { types: ['deprecated', 'sunset'] }],
    ['breaking only', '?filters[breaking]=true', { breaking: true }],
    ['search', '?filters[search]=rfi', { search: 'rfi' }],
    [
      'type and breaking',
      '?filters[type][]=refinement&filters[breaking]=true',
      { types: ['refinement'], breaking: true },
    ],
    [
      'type and search',
      '?filters[type][]=feature&filters[search]=total',
      { types: ['feature'], search: 'total' },
    ],
    [
      'breaking and search',
      '?filters[breaking]=true&filters[search]=projects',
      { breaking: true, search: 'projects' },
    ],
    [
      'all three',
      '?filters[type][]=deprecated&filters[type][]=sunset&filters[breaking]=true&filters[search]=weather',
      { types: ['deprecated', 'sunset'], breaking: true, search: 'weather' },
    ],
  ];
  for (const [name, query, filter] of cases) {
    test(`${name}: anonymous sees the public count, an employee the internal ones too`, async () => {
      const expected = seededMatching(filter).length;
      assert.ok(expected > 0, `the seed has some for ${name}`);
      assert.equal(await total(anonymous, query), expected);
      assert.equal(await total(developer, query), expected);
      assert.equal(await total(employee, query), seededMatching({ ...filter, internal: true }).length);
    });
  }

  test('exact numbers for a few, so the oracle itself is held', async () => {
    assert.equal(await total(anonymous, '?filters[type][]=deprecated'), 2);
    assert.equal(await total(anonymous, '?filters[breaking]=true&filters[type][]=sunset'), 2);
    assert.equal(await total(anonymous, '?filters[search]=weather'), 2);
    assert.equal(await total(employee, '?filters[type][]=fix'), 5);
    assert.equal(await total(anonymous, '?filters[type][]=fix'), 4);
  });

  test('bad filters are a 422 in the one error shape', async () => {
    for (const query of [
      '?filters[type][]=nope',
      '?filters[breaking]=yes',
      '?filters[search]=ab',
      '?filters[status]=proposed',
    ]) {
      const res = await anonymous.get(`${URL}${query}`);
      assert.equal(res.statusCode, 422, query);
      assert.equal(res.json().code, 'validation_failed');
    }
    assert.equal((await anonymous.get('/api/v1/resource_groups/nope')).statusCode, 422);
  });
});

describe('pagination and Total', () => {
  test('per_page 50 by default; pages of 7 walk the same list with Total and Link', async () => {
    const all = (await anonymous.get(URL)).json().map((e: { id: string }) => e.id);
    assert.equal((await anonymous.get(URL)).headers['per-page'], '50');
    await assertPaged(anonymous, `${URL}?per_page=7`, all, 7);
    await assertPaged(
      employee,
      `${URL}?per_page=5&filters[breaking]=true`,
      (await employee.get(`${URL}?filters[breaking]=true`)).json().map((e: { id: string }) => e.id),
      5,
    );
  });

  test('bad paging is refused', async () => {
    await assertRefusesBadPaging(anonymous, URL, 100);
  });
});

describe('visibility: internal entries and branches reach employees and admins only', () => {
  test('switching branch: 403 for anonymous and developers, the branch for employees and admins', async () => {
    for (const client of [anonymous, developer]) {
      const res = await client.get(`${URL}?custom_service_sha=next`);
      assert.equal(res.statusCode, 403);
      assert.equal(res.json().message, 'Only employees and admins may switch the changelog branch');
    }
    for (const client of [employee, admin]) {
      const res = await client.get(`${URL}?custom_service_sha=next`);
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers.total, String(seededMatching({ branch: 'next', internal: true }).length));
    }
    assert.equal((await developer.get(`${URL}/branches`)).statusCode, 403);
    assert.deepEqual((await employee.get(`${URL}/branches`)).json(), {
      branches: ['main', 'next'],
      default: 'main',
    });
  });

  test('one entry: an internal one is not found for anonymous and developers', async () => {
    const internal = (await employee.get(`${URL}?filters[search]=replica`)).json()[0];
    assert.equal(internal.visibility, 'internal');
    assert.equal((await anonymous.get(`${URL}/entries/${internal.id}`)).statusCode, 404);
    assert.equal((await developer.get(`${URL}/entries/${internal.id}`)).statusCode, 404);
    assert.equal((await employee.get(`${URL}/entries/${internal.id}`)).json().summary, internal.summary);
    const publicOne = (await anonymous.get(URL)).json()[0];
    assert.equal((await anonymous.get(`${URL}/entries/${publicOne.id}`)).json().id, publicOne.id);
    assert.equal(
      (await anonymous.get(`/api/v1/resource_groups/portal/entries/${publicOne.id}`)).statusCode,
      404,
    );
    assert.equal((await anonymous.get(`${URL}/entries/not-a-uuid`)).statusCode, 404);
  });

  test('searching for an internal entry finds nothing for anonymous', async () => {
    assert.equal(await total(anonymous, '?filters[search]=replica'), 0);
    assert.equal(await total(employee, '?filters[search]=replica'), 1);
  });

  test('proposals from the v2 import reach admins only, until published', async () => {
    const proposals = await admin.get('/api/v1/admin/resource_groups/rest/entries?filters[status]=proposed');
    assert.equal(proposals.statusCode, 200);
    assert.equal(proposals.headers.total, '8');
    const ids = new Set(proposals.json().map((e: { id: string }) => e.id));
    const seen = (await employee.get(`${URL}?per_page=100`)).json();
    assert.equal(
      seen.some((e: { id: string }) => ids.has(e.id)),
      false,
    );
  });

  test('the document: rest from its import, portal generated; other branches staff only', async () => {
    const rest = await anonymous.get(`${URL}/document`);
    assert.equal(rest.statusCode, 200);
    assert.equal(rest.json().info.version, 'v1.1');
    const portal = await anonymous.get('/api/v1/resource_groups/portal/document');
    assert.ok(portal.json().paths['/api/v1/resource_groups/{group}']);
    assert.equal((await anonymous.get(`${URL}/document?custom_service_sha=next`)).statusCode, 403);
    assert.equal((await employee.get(`${URL}/document?custom_service_sha=next`)).statusCode, 404);
  });
});
