import { CHANGELOG_TYPES, type ChangelogType } from '@portal/contracts/changelog';
import { CHANGELOG_PER_PAGE } from '@portal/contracts/limits';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useListParams } from '../../../components/use-list-params.ts';
import type { ChangelogFilters } from '../api.ts';

const SINGLE = ['filters[breaking]', 'filters[search]', 'custom_service_sha'] as const;
const TYPES = 'filters[type][]';
/** The API's largest page (contracts' MAX_PER_PAGE). */
const MAX_PER_PAGE = 100;

/**
 * The changelog's page and filters in the URL (spec developer-apps §2: page, per_page, filters[type],
 * filters[breaking], filters[search]; per_page too), so a reload keeps them: useListParams for the page, the
 * cursor and the single-valued filters; the repeated `filters[type][]` beside it.
 */
export function useChangelogParams() {
  const list = useListParams(SINGLE);
  const [params, setParams] = useSearchParams();
  const types = params
    .getAll(TYPES)
    .filter((v): v is ChangelogType => (CHANGELOG_TYPES as readonly string[]).includes(v));
  const setTypes = useCallback(
    (next: ChangelogType[]) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.delete(TYPES);
          for (const type of CHANGELOG_TYPES) if (next.includes(type)) updated.append(TYPES, type);
          updated.delete('page');
          updated.delete('cursor');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  const perPage = Number(params.get('per_page'));
  const filters: ChangelogFilters = {
    page: list.page,
    perPage:
      Number.isInteger(perPage) && perPage >= 1 && perPage <= MAX_PER_PAGE ? perPage : CHANGELOG_PER_PAGE,
    cursor: list.cursor,
    types,
    breaking: list.filters['filters[breaking]'] === 'true',
    search: list.filters['filters[search]'],
    branch: list.filters.custom_service_sha || undefined,
  };
  return { list, filters, setTypes };
}
