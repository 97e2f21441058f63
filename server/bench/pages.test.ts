import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLink, planPages, withQuery } from './pages.ts';

test('the last page comes from the Link header when there is one', () => {
  const headers = new Headers({
    total: '1000000',
    'per-page': '25',
    link: '</api/v1/admin/outbox?page=1>; rel="first", </api/v1/admin/outbox?page=39000>; rel="last"',
  });
  assert.deepEqual(planPages(headers), {
    paginated: true,
    total: 1_000_000,
    perPage: 25,
    middle: 19_500,
    last: 39_000,
  });
});

test('without a Link header the last page is Total / Per-Page, rounded up', () => {
  const plan = planPages(new Headers({ total: '10001', 'per-page': '25' }));
  assert.deepEqual(plan, { paginated: true, total: 10_001, perPage: 25, middle: 201, last: 401 });
  assert.deepEqual(planPages(new Headers({ total: '0', 'per-page': '25' })), {
    paginated: true,
    total: 0,
    perPage: 25,
    middle: 1,
    last: 1,
  });
});

test('a list without paging headers is one page', () => {
  assert.deepEqual(planPages(new Headers()), { paginated: false });
  assert.deepEqual(planPages(new Headers({ total: '12' })), { paginated: false });
  assert.deepEqual(planPages(new Headers({ total: 'many', 'per-page': '25' })), { paginated: false });
});

test('Link parsing keeps every rel', () => {
  const links = parseLink('<a?page=2>; rel="next", <a?page=1>; rel=prev');
  assert.equal(links.get('next'), 'a?page=2');
  assert.equal(links.get('prev'), 'a?page=1');
  assert.equal(parseLink(null).size, 0);
});

test('query parameters are set, replacing what the path had, with readable brackets', () => {
  assert.equal(withQuery('/api/v1/x?page=3', { page: 7 }), '/api/v1/x?page=7');
  assert.equal(
    withQuery('/api/v1/x', { 'filters[search]': 'elemetr', page: 1 }),
    '/api/v1/x?filters[search]=elemetr&page=1',
  );
});
