import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Page } from '../lib/api.ts';
import type { ListState } from '../lib/list-search.ts';

/** Total pages = max(1, ceil(total / per-page)) (spec admin §5). */
export function totalPages(data: Pick<Page<unknown>, 'total' | 'perPage'> | undefined): number {
  if (!data) return 1;
  return Math.max(1, Math.ceil(data.total / Math.max(1, data.perPage)));
}

export type ListParams<F extends string> = ListState<F> & {
  /** Go to a page; out of 1..total pages is ignored (spec admin §5). Neighbours follow the Link cursor. */
  goTo(page: number, data: Page<unknown> | undefined): void;
  /** Change a filter (search box): back to page 1 (spec admin §4). */
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
