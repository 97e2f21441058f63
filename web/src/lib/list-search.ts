// The one list URL builder: what a list screen asks the API for, as a query string. Plain functions,
// no React: the bell's query in the app shell uses it, the list hooks stay with the lazy pages.

/** What a list screen asks the API for: the page, the Link cursor that leads there, its filters. */
export type ListState<F extends string> = {
  page: number;
  cursor: string | undefined;
  filters: Record<F, string>;
};

/** A list request's own parameter (`filters[…]`, `sort`); a name may repeat for several values. */
export type ListRequestParam = readonly [name: string, value: string | undefined];

/**
 * The one way a list request's query string is built: `page=…&per_page=…&cursor=…`, then the list's
 * own parameters in the order given; empty values are left out.
 */
export function listSearch(
  { page, cursor }: { page: number; cursor?: string | undefined },
  perPage: number,
  params: readonly ListRequestParam[] = [],
): string {
  const search = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  if (cursor) search.set('cursor', cursor);
  for (const [name, value] of params) if (value) search.append(name, value);
  return search.toString();
}
