import type {
  JsonObject,
  Manifest,
  ManifestSnippets,
  ManifestTemplates,
  ManifestValidationResult,
} from '@portal/contracts';
import type { ManifestEnvironment, ManifestSchemaVersion } from '@portal/contracts/manifest-rules';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPage } from '../../lib/api.ts';
import { listSearch } from '../../lib/list-search.ts';
import { appsKeys, auditKeys } from '../../lib/query-keys.ts';

export const manifestsKeys = {
  all: ['manifests'] as const,
  app: (appId: string) => [...manifestsKeys.all, 'app', appId] as const,
  templates: ['manifest_templates'] as const,
  snippets: (version: string, hasExisting: boolean) =>
    ['manifest_templates', version, 'snippets', hasExisting] as const,
  validation: (appId: string, environment: ManifestEnvironment, content: string) =>
    ['manifest_validation', appId, environment, content] as const,
};

export type ManifestSort = '-version' | 'version' | '-created_at' | 'created_at';

/** Which versions of an app a table lists: one environment or both, one page, in one order. */
export type ManifestListRequest = {
  appId: string;
  environment?: ManifestEnvironment | undefined;
  page?: number;
  cursor?: string | undefined;
  perPage: number;
  sort: ManifestSort;
  /** The admin app page, which names production `ProductionEnvironment` (spec admin §7). */
  staff?: boolean;
};

/**
 * `filters[versionable_type]` as each page names it: `Production` or `Sandbox` on the developer's
 * pages (spec developer-apps §7), `ProductionEnvironment` or `Sandbox` on the admin app page (spec
 * admin §7). The server takes either name.
 */
const versionableType = (environment: ManifestEnvironment | undefined, staff: boolean) =>
  environment === 'Production' && staff ? 'ProductionEnvironment' : environment;

/** `GET /manifests`: an app's versions (Total / Per-Page / Link headers like every list). */
export const manifestsListQuery = ({
  appId,
  environment,
  page = 1,
  cursor,
  perPage,
  sort,
  staff = false,
}: ManifestListRequest) =>
  queryOptions({
    queryKey: [...manifestsKeys.app(appId), 'list', { environment, page, cursor, perPage, sort, staff }],
    queryFn: () =>
      apiPage<Manifest>(
        `/manifests?${listSearch({ page, cursor }, perPage, [
          ['filters[developer_app_id]', appId],
          ['filters[versionable_type]', versionableType(environment, staff)],
          ['sort', sort],
        ])}`,
      ),
    placeholderData: keepPreviousData,
  });

/** The newest version of one environment (the header status, the latest-only sandbox table). */
export const newestManifestQuery = (appId: string, environment: ManifestEnvironment, staff = false) =>
  manifestsListQuery({ appId, environment, perPage: 1, sort: '-version', staff });

export const manifestQuery = (id: string) =>
  queryOptions({
    queryKey: [...manifestsKeys.all, 'one', id],
    queryFn: () => api<Manifest>(`/app_versioned_manifests/${encodeURIComponent(id)}`),
  });

export const manifestTemplatesQuery = queryOptions({
  queryKey: manifestsKeys.templates,
  queryFn: () => api<ManifestTemplates>('/manifest_templates'),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The snippet helpers; `has_existing_manifest` only matters below schema 4 (spec developer-apps §7). */
export const manifestSnippetsQuery = (version: ManifestSchemaVersion, hasExisting: boolean) =>
  queryOptions({
    queryKey: manifestsKeys.snippets(version, version === '3' && hasExisting),
    queryFn: () =>
      api<ManifestSnippets>(
        `/manifest_templates/${version}/snippets${version === '3' ? `?has_existing_manifest=${hasExisting}` : ''}`,
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The server's validation of a draft (its JSON text, already parsed). Keyed by the text, so going
 * back to an earlier draft answers from the cache.
 */
export const manifestValidationQuery = (
  appId: string,
  environment: ManifestEnvironment,
  text: string,
  content: JsonObject,
) =>
  queryOptions({
    queryKey: manifestsKeys.validation(appId, environment, text),
    queryFn: ({ signal }) =>
      api<ManifestValidationResult>(
        `/manifest_validations?${new URLSearchParams({ developer_app_id: appId, environment_type: environment })}`,
        { method: 'POST', body: { manifest: { content } }, signal },
      ),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
  });

/** Every change to an app's versions refreshes all of its lists (both tabs, the header, the versions tab). */
function useManifestMutation<V, R>(appId: string, request: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: manifestsKeys.app(appId) }),
        // A staff create or decision is on the admin page's History.
        client.invalidateQueries({ queryKey: auditKeys.all }),
      ]),
  });
}

export type CreateVersionInput = {
  environment: ManifestEnvironment;
  content: JsonObject;
  semanticVersion: string | null;
};

/** `POST /app_versions` (field errors at app_version.semantic_version / app_version.manifest.content). */
export const useCreateVersion = (appId: string) =>
  useManifestMutation(appId, ({ environment, content, semanticVersion }: CreateVersionInput) =>
    api<Manifest>('/app_versions', {
      method: 'POST',
      body: {
        app_version: {
          developer_app_id: appId,
          environment_type: environment,
          manifest: { content },
          semantic_version: semanticVersion,
        },
      },
    }),
  );

/** `POST /app_version_promotions`; the app is refreshed too (its first production version changes it). */
/** Promotes a sandbox version: the app's owner and admins, or platform staff (`staff`, spec admin §7). */
export function usePromote(appId: string, staff = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { sourceId: string; changelog: string | null }) =>
      api<Manifest>(staff ? '/admin/app_version_promotions' : '/app_version_promotions', {
        method: 'POST',
        body: {
          app_version_promotion: { source_app_version_id: input.sourceId, changelog: input.changelog },
        },
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: manifestsKeys.app(appId) }),
        client.invalidateQueries({ queryKey: appsKeys.detail(appId) }),
        client.invalidateQueries({ queryKey: auditKeys.all }),
      ]),
  });
}

export type ReviewChange =
  | { id: string; by: 'developer'; state: 'in_review' | 'confidential'; notes?: string | null }
  | { id: string; by: 'admin'; state: 'published' | 'confidential'; notes?: string | null };

/** Submit or withdraw (`PATCH /app_versions/{id}`); staff approve or reject (`PATCH /admin/app_versions/{id}`). */
export const useReviewChange = (appId: string) =>
  useManifestMutation(appId, (change: ReviewChange) =>
    change.by === 'admin'
      ? api<Manifest>(`/admin/app_versions/${encodeURIComponent(change.id)}`, {
          method: 'PATCH',
          body: { app_version: { state: change.state, admin_notes: change.notes ?? null } },
        })
      : api<Manifest>(`/app_versions/${encodeURIComponent(change.id)}`, {
          method: 'PATCH',
          body: {
            app_version: {
              state: change.state,
              ...(change.state === 'in_review' ? { developer_notes: change.notes ?? null } : {}),
            },
          },
        }),
  );
