/**
 * Checks every list endpoint shares (used by each list's tests): pages and their boundaries, the
 * Total / Per-Page / Link headers, cursor links walked both ways, and refused paging parameters.
 */
import assert from 'node:assert/strict';
import type { TestClient } from '../../test/helpers.ts';

type Row = { id: string };

export type Links = Partial<Record<'first' | 'last' | 'prev' | 'next', string>>;

/** `<url>; rel="x"` pairs of a Link header. */
export function parseLinks(header: unknown): Links {
  const links: Links = {};
  for (const part of String(header ?? '').split(', ')) {
    const match = /^<([^>]+)>; rel="(\w+)"$/.exec(part);
    if (match) links[match[2] as keyof Links] = match[1];
  }
  return links;
}

const withParams = (url: string, params: Record<string, string | number>) => {
  const parsed = new URL(url, 'http://x');
  for (const [key, value] of Object.entries(params)) parsed.searchParams.set(key, String(value));
  return `${parsed.pathname}${parsed.search}`;
};

async function getPage(client: TestClient, url: string) {
  const res = await client.get(url);
  assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
  return {
    ids: (res.json() as Row[]).map((row) => row.id),
    headers: res.headers,
    links: parseLinks(res.headers.link),
  };
}

/**
 * Asserts that `url` lists exactly `expected` (ids, in order) with `perPage` rows a page: by page
 * number, by following next links from the first page and prev links back from the last.
 */
export async function assertPaged(client: TestClient, url: string, expected: string[], perPage: number) {
  const lastPage = Math.max(1, Math.ceil(expected.length / perPage));
  const first = await getPage(client, withParams(url, { per_page: perPage }));
  assert.equal(first.headers.total, String(expected.length), 'Total');
  assert.equal(first.headers['per-page'], String(perPage), 'Per-Page');
  assert.match(first.links.first ?? '', /[?&]page=1(&|$)/);
  assert.match(first.links.last ?? '', new RegExp(`[?&]page=${lastPage}(&|$)`));
  assert.equal(first.links.prev, undefined, 'no prev on the first page');
  assert.equal(first.links.next !== undefined, lastPage > 1, 'next only when there is another page');

  for (let page = 1; page <= lastPage; page++) {
    const { ids } = await getPage(client, withParams(url, { per_page: perPage, page }));
    assert.deepEqual(ids, expected.slice((page - 1) * perPage, page * perPage), `page ${page}`);
  }
  const past = await getPage(client, withParams(url, { per_page: perPage, page: lastPage + 1 }));
  assert.deepEqual(past.ids, [], 'a page past the end is empty');

  assert.deepEqual(await walk(client, first, 'next'), expected, 'following next links');
  const last = await getPage(client, withParams(url, { per_page: perPage, page: lastPage }));
  assert.equal(last.links.next, undefined, 'no next on the last page');
  assert.deepEqual(await walk(client, last, 'prev'), expected, 'following prev links');
}

/** Follows `rel` links to the end and returns every id seen, in list order. */
export async function walk(client: TestClient, start: { ids: string[]; links: Links }, rel: 'next' | 'prev') {
  const pages = [start.ids];
  let links = start.links;
  for (let guard = 0; links[rel] && guard < 1000; guard++) {
    const page = await getPage(client, links[rel]!);
    assert.match(links[rel]!, /[?&]cursor=/, `${rel} links carry a cursor`);
    pages.push(page.ids);
    links = page.links;
  }
  return (rel === 'next' ? pages : pages.reverse()).flat();
}

/** Every bad paging parameter answers 422 in the error shape. */
export async function assertRefusesBadPaging(
  client: TestClient,
  url: string,
  maxPerPage: number,
  extra: string[] = [],
) {
  const bad = [
    'page=0',
    'page=-1',
    'page=abc',
    'page=1.5',
    'per_page=0',
    `per_page=${maxPerPage + 1}`,
    'cursor=not%20a%20cursor',
    'cursor=eyJub3QiOiJhIGN1cnNvciJ9',
    ...extra,
  ];
  for (const param of bad) {
    const res = await client.get(`${url}${url.includes('?') ? '&' : '?'}${param}`);
    assert.equal(res.statusCode, 422, `${param}: ${res.statusCode} ${res.body}`);
    const body = res.json();
    assert.equal(body.code, 'validation_failed', param);
    assert.ok(body.request_id && body.errors.length, param);
  }
}

/**
 * With the exact-count cap below the list's size: Total is no longer exact but at least past the
 * cap, and next links from the first page (then prev links back) still list every row once.
 */
export async function assertPagedOverCap(
  client: TestClient,
  url: string,
  expected: string[],
  perPage: number,
  cap: number,
) {
  const first = await getPage(client, withParams(url, { per_page: perPage }));
  assert.ok(Number(first.headers.total) > cap, `Total ${first.headers.total} past the cap ${cap}`);
  assert.equal(first.headers['per-page'], String(perPage));
  const forward = await walk(client, first, 'next');
  assert.deepEqual(forward, expected, 'next links list every row once');
  // Back from wherever the walk ended.
  const lastIds = forward.slice(-(expected.length % perPage || perPage));
  let url2 = first.links.next;
  let page = first;
  while (url2) {
    page = await getPage(client, url2);
    url2 = page.links.next;
  }
  assert.deepEqual(page.ids, lastIds);
  assert.deepEqual(await walk(client, page, 'prev'), expected, 'prev links back to the first page');
}
