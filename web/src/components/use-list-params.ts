import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Page } from '../lib/api.ts';

/** Total pages = max(1, ceil(total / per-page)) (spec §5). */
export function totalPages(data: Pick<Page<unknown>, 'total' | 'perPage'> | undefined): number {
  if (!data) return 1;
  return Math.max(1, Math.ceil(data.total / Math.max(1, data.perPage)));
}

/** What a list screen asks the API for: the page, the Link cursor that leads there, its filters. */
export type ListState<F extends string> = {
  page: number;
  cursor: string | undefined;
  filters: Record<F, string>;
};

export type ListParams<F extends string> = ListState<F> & {
  /** Go to a page; out of 1..total pages is ignored (spec §5). Neighbours follow the Link cursor. */
  goTo(page: number, data: Page<unknown> | undefined): void;
  /** Change a filter (search box): back to page 1 (spec §4). */
  setFilter(name: F, value: string): void;
};

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/**
 * A list screen's page, cursor and filters, kept in the URL's search params so a page can be
 * reloaded, shared and reached with the browser's back button.
 */
export function useListParams<F extends string = never>(filterNames: readonly F[] = []): ListParams<F> {
  const [params, setParams] = useSearchParams();
  const page = positive(params.get('page'));
  const cursor = params.get('cursor') ?? undefined;
  const filters = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])) as Record<
    F,
    string
  >;

  const goTo = useCallback(
    (target: number, data: Page<unknown> | undefined) => {
      if (!Number.isInteger(target) || target < 1 || target > totalPages(data) || target === page) return;
      const via = target === page + 1 ? data?.next : target === page - 1 ? data?.prev : undefined;
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (target === 1) next.delete('page');
        else next.set('page', String(target));
        if (via && target !== 1) next.set('cursor', via);
        else next.delete('cursor');
        return next;
      });
    },
    [page, setParams],
  );

  const setFilter = useCallback(
    (name: F, value: string) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          next.delete('page');
          next.delete('cursor');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return { page, cursor, filters, goTo, setFilter };
}

/**
 * Page and cursor kept in component state instead of the URL: for a list that is one of several
 * on a page (each would fight over `?page=`). Same moves as useListParams; no filters.
 */
export function useListState(): ListParams<never> {
  const [state, setState] = useState<{ page: number; cursor: string | undefined }>({
    page: 1,
    cursor: undefined,
  });
  const goTo = useCallback((target: number, data: Page<unknown> | undefined) => {
    setState((current) => {
      const { page } = current;
      if (!Number.isInteger(target) || target < 1 || target > totalPages(data) || target === page)
        return current;
      const via = target === page + 1 ? data?.next : target === page - 1 ? data?.prev : undefined;
      return { page: target, cursor: target === 1 ? undefined : via };
    });
  }, []);
  const setFilter = useCallback(() => setState({ page: 1, cursor: undefined }), []);
  return { ...state, filters: {} as Record<never, string>, goTo, setFilter };
}

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
