import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AdminDeveloperAppsQuery, AuditQuery, IdParams, pageQuery, sortParam } from '@portal/contracts';
import { useTestApp } from '../../test/helpers.ts';
import { listParamsOf } from './params.ts';

const t = useTestApp();

test('a list’s filters and sorts are read from its query schema', () => {
  assert.deepEqual(listParamsOf(AdminDeveloperAppsQuery), {
    filters: ['filters[search]', 'filters[owner_id][]', 'filters[in_review]', 'filters[with_deleted]'],
    sorts: ['internal_name', 'created_at', 'updated_at'],
  });
  assert.deepEqual(listParamsOf(AuditQuery), {
    filters: ['filters[subject_id]', 'filters[action]'],
    sorts: [],
  });
  assert.equal(listParamsOf(IdParams), undefined, 'not a list: no per_page');
  const optional = pageQuery().extend({ sort: sortParam(['name'], 'name').optional() });
  assert.deepEqual(listParamsOf(optional)?.sorts, ['name']);
});

type Parameter = { name: string; in: string; schema?: { enum?: string[] } };
type Doc = { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };

test('every list answers an unknown sort or filter with a 422 naming it', async () => {
  const { client: admin } = await t.asNewUser({ role: 'admin' });
  const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json() as Doc;
  const lists = Object.entries(doc.paths).flatMap(([path, operations]) => {
    const query = (operations.get?.parameters ?? []).filter((p) => p.in === 'query');
    return query.some((p) => p.name === 'per_page') ? [{ path, query }] : [];
  });
  assert.ok(lists.length >= 13, `${lists.length} lists`);
  let sorted = 0;
  for (const { path, query } of lists) {
    const unknownFilter = await admin.get(`${path}?filters[colour]=red`);
    assert.equal(unknownFilter.statusCode, 422, `${path}: ${unknownFilter.body}`);
    assert.deepEqual(unknownFilter.json().fields, { 'filters[colour]': ['Unknown filter: filters[colour]'] });

    const unknownSort = await admin.get(`${path}?sort=-colour`);
    assert.equal(unknownSort.statusCode, 422, `${path}: ${unknownSort.body}`);
    assert.match(unknownSort.json().fields.sort[0], /^Cannot sort by -colour; /);
    const twice = await admin.get(`${path}?sort=a&sort=b`);
    assert.deepEqual(twice.json().fields.sort, ['Give one sort parameter'], path);

    // The names the schema documents pass the guard (whatever the rest of the query then says).
    const sorts = query.find((p) => p.name === 'sort')?.schema?.enum ?? [];
    if (sorts.length) sorted++;
    for (const sort of sorts) {
      const res = await admin.get(`${path}?sort=${sort}`);
      assert.equal(res.json().fields?.sort, undefined, `${path}?sort=${sort}: ${res.body}`);
    }
    for (const filter of query.filter((p) => p.name.startsWith('filters'))) {
      const res = await admin.get(`${path}?${encodeURIComponent(filter.name)}=`);
      const problems: string[] = res.json().fields?.[filter.name] ?? [];
      assert.ok(!problems.some((problem) => problem.startsWith('Unknown')), `${path}: ${filter.name}`);
    }
  }
  // 7, then the install feed (issue 24), the rate-limit buckets (issue 25) and API usage (issue 26).
  assert.equal(sorted, 10, 'the lists with a choice of order');
});
