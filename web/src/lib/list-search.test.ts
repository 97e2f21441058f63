import { expect, test } from 'vitest';
import { listSearch } from './list-search.ts';

test('a list request: page, per_page and cursor first, then its own parameters in order, empty ones left out', () => {
  expect(listSearch({ page: 1 }, 5)).toBe('page=1&per_page=5');
  expect(
    listSearch({ page: 3, cursor: 'c3' }, 25, [
      ['filters[search]', 'field'],
      ['filters[region]', ''],
      ['filters[owner_id][]', 'u1'],
      ['filters[owner_id][]', 'u2'],
      ['sort', undefined],
    ]),
  ).toBe(
    'page=3&per_page=25&cursor=c3&filters%5Bsearch%5D=field&filters%5Bowner_id%5D%5B%5D=u1&filters%5Bowner_id%5D%5B%5D=u2',
  );
});
