import type {
  AdminChangelogEntry,
  Branches,
  ChangelogEntry,
  ChangelogType,
  Guide,
  ImportOpenApiResult,
  ResourceGroup,
  UpdateChangelogEntryBody,
} from '@portal/contracts';
import { CHANGELOG_PER_PAGE } from '@portal/contracts/limits';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPage, type Page } from '../../lib/api.ts';
import { listSearch } from '../../lib/list-search.ts';
import type { OpenApiDocument } from './openapi.ts';

export type ChangelogFilters = {
  page: number;
  perPage: number;
  cursor: string | undefined;
  types: ChangelogType[];
  breaking: boolean;
  search: string;
  branch: string | undefined;
};

const empty = (perPage: number): Page<ChangelogEntry> => ({ items: [], total: 0, perPage });

/**
 * The changelog (spec developer-apps §7): on failure a warning is logged and the list is empty.
 */
export const changelogQuery = (group: ResourceGroup, f: ChangelogFilters) =>
  queryOptions({
    queryKey: ['reference', group, 'changelog', f],
    queryFn: async () => {
      const search = listSearch({ page: f.page, cursor: f.cursor }, f.perPage, [
        ['custom_service_sha', f.branch],
        ...f.types.map((type) => ['filters[type][]', type] as const),
        ['filters[breaking]', f.breaking ? 'true' : undefined],
        ['filters[search]', f.search],
      ]);
      try {
        // The spec's call sends the CSRF token header, although it is a GET.
        return await apiPage<ChangelogEntry>(`/resource_groups/${group}?${search}`, { csrf: true });
      } catch (error) {
        console.warn('The changelog could not be loaded', error);
        return empty(f.perPage);
      }
    },
    placeholderData: keepPreviousData,
  });

export const branchesQuery = (group: ResourceGroup) =>
  queryOptions({
    queryKey: ['reference', group, 'branches'],
    queryFn: () => api<Branches>(`/resource_groups/${group}/branches`),
  });

export const documentQuery = (group: ResourceGroup, branch?: string) =>
  queryOptions({
    queryKey: ['reference', group, 'document', branch ?? null],
    queryFn: () =>
      api<OpenApiDocument>(
        `/resource_groups/${group}/document${branch ? `?custom_service_sha=${encodeURIComponent(branch)}` : ''}`,
      ),
    staleTime: 5 * 60_000,
  });

export const guideQuery = (slug: string) =>
  queryOptions({
    queryKey: ['guides', slug],
    queryFn: () => api<Guide>(`/guides/${encodeURIComponent(slug)}`),
  });

export const proposalsQuery = (group: ResourceGroup) =>
  queryOptions({
    queryKey: ['reference', group, 'proposals'],
    queryFn: () =>
      apiPage<AdminChangelogEntry>(
        `/admin/resource_groups/${group}/entries?${listSearch({ page: 1 }, CHANGELOG_PER_PAGE, [['filters[status]', 'proposed']])}`,
      ),
  });

export function useImportDocument(group: ResourceGroup) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { branch?: string; document: string }) =>
      api<ImportOpenApiResult>(`/admin/resource_groups/${group}/documents`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['reference', group] }),
  });
}

export function useUpdateEntry(group: ResourceGroup) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateChangelogEntryBody }) =>
      api<AdminChangelogEntry>(`/admin/changelog_entries/${id}`, { method: 'PATCH', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['reference', group] }),
  });
}

export function usePublishEntry(group: ResourceGroup) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<AdminChangelogEntry>(`/admin/changelog_entries/${id}/publish`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['reference', group] }),
  });
}
