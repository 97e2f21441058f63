import type {
  Contact,
  DeveloperApp,
  DeveloperAppPermissions,
  DeveloperAppSummary,
  IssuedSecret,
  OauthApplication,
  SandboxOauthApp,
  TermsAndConditions,
  UpdateDeveloperAppResponse,
} from '@portal/contracts';
import { APPS_PER_PAGE, SANDBOX_POLL_MS } from '@portal/contracts/limits';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPage, apiUpload, type UploadProgress } from '../../lib/api.ts';
import { type ListState, listSearch } from '../../lib/list-search.ts';
import { appsKeys } from '../../lib/query-keys.ts';

/** A page of My Apps (25 at a time, newest first); `search` matches part of a name. */
export const appsListQuery = ({ page, cursor, filters }: ListState<'search'>) =>
  queryOptions({
    queryKey: [...appsKeys.list(), { page, cursor, filters }],
    queryFn: () =>
      apiPage<DeveloperAppSummary>(
        `/developer_apps?${listSearch({ page, cursor }, APPS_PER_PAGE, [['filters[search]', filters.search]])}`,
      ),
    placeholderData: keepPreviousData,
  });

/**
 * `GET /oauth_applications/{id}`: the production client the credentials card shows (spec
 * developer-apps §7). Under the apps' key, so an app mutation (a secret reset) refreshes it too.
 */
export const oauthApplicationQuery = (id: string) =>
  queryOptions({
    queryKey: [...appsKeys.all, 'oauth_application', id],
    queryFn: () => api<OauthApplication>(`/oauth_applications/${encodeURIComponent(id)}`),
  });

/** The app; refreshes by itself while its sandbox is being built. */
export const appQuery = (id: string) =>
  queryOptions({
    queryKey: appsKeys.detail(id),
    queryFn: () => api<DeveloperApp>(`/developer_apps/${id}`),
    refetchInterval: (query) => (query.state.data?.sandbox?.status === 'pending' ? SANDBOX_POLL_MS : false),
  });

export const appPermissionsQuery = (id: string) =>
  queryOptions({
    queryKey: appsKeys.permissions(id),
    queryFn: () =>
      api<DeveloperAppPermissions>(`/developer_app_permissions?developer_app_id=${encodeURIComponent(id)}`),
  });

export const termsQuery = queryOptions({
  queryKey: ['terms_and_conditions'],
  queryFn: () => api<TermsAndConditions>('/terms_and_conditions'),
  staleTime: 5 * 60_000,
});

export function useCreateApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { internal_name: string }) =>
      api<DeveloperApp>('/developer_apps', { method: 'POST', body }),
    onSuccess: (app) => {
      client.setQueryData(appsKeys.detail(app.id), app);
      void client.invalidateQueries({ queryKey: appsKeys.list() });
    },
  });
}

function useAppMutation<V, R>(id: string, request: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (data) => {
      if (data && typeof data === 'object' && 'internal_name' in data)
        client.setQueryData(appsKeys.detail(id), data);
      void client.invalidateQueries({ queryKey: appsKeys.all });
    },
  });
}

export const useUpdateApp = (id: string) =>
  useAppMutation(id, (body: Record<string, unknown>) =>
    api<UpdateDeveloperAppResponse>(`/developer_apps/${id}`, {
      method: 'PATCH',
      body: { developer_app: body },
    }),
  );

export const useUploadLogo = (id: string) =>
  useAppMutation(id, ({ file, onProgress }: { file: File; onProgress: UploadProgress }) => {
    const form = new FormData();
    form.append('developer_app[thumbnail]', file);
    return apiUpload<UpdateDeveloperAppResponse>(`/developer_apps/${id}`, form, {
      method: 'PATCH',
      onProgress,
    });
  });

export const useRemoveLogo = (id: string) =>
  useAppMutation(id, () =>
    api<UpdateDeveloperAppResponse>(`/developer_apps/${id}`, {
      method: 'PATCH',
      body: { developer_app: { remove_thumbnail: true } },
    }),
  );

export const useUpdateContact = (appId: string, contactId: string) =>
  useAppMutation(appId, (body: { name: string; email: string }) =>
    api<Contact>(`/developer_apps/${appId}/contacts/${contactId}`, { method: 'PATCH', body }),
  );

export const useDeleteApp = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(`/developer_apps/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      client.removeQueries({ queryKey: appsKeys.detail(id) });
      void client.invalidateQueries({ queryKey: appsKeys.list() });
    },
  });
};

export const useRequestProduction = (id: string) =>
  useAppMutation(id, (body: { confidential: boolean }) =>
    api(`/developer_apps/${id}/production_access`, { method: 'POST', body }),
  );

/** Asks staff to enable the app's marketplace listing (issue 22): the request waits in their review queue. */
export const useRequestMarketplaceAccess = (id: string) =>
  useAppMutation(id, () => api(`/developer_apps/${id}/marketplace_access`, { method: 'POST' }));

export const useResetSecret = (id: string) =>
  useAppMutation(id, (variables: { oauthApplicationId: string; acknowledged: boolean }) =>
    api<IssuedSecret>(`/oauth_applications/${variables.oauthApplicationId}/reset_secret`, {
      method: 'POST',
      body: { acknowledged: variables.acknowledged },
    }),
  );

export const useRevealSandboxSecret = () =>
  useMutation({
    mutationFn: (oauthApplicationId: string) =>
      api<IssuedSecret>(`/oauth_applications/${oauthApplicationId}/reveal_secret`, { method: 'POST' }),
  });

export const useUpdateSandbox = (appId: string) =>
  useAppMutation(appId, (variables: { id: string; redirect_uri: string; allowed_cors_domain: string }) =>
    api<SandboxOauthApp>(`/sandboxes/${variables.id}`, {
      method: 'PATCH',
      body: { redirect_uri: variables.redirect_uri, allowed_cors_domain: variables.allowed_cors_domain },
    }),
  );

export const useResetSandboxSecret = (appId: string) =>
  useAppMutation(appId, (sandboxId: string) =>
    api<IssuedSecret>(`/sandboxes/${sandboxId}/reset_secret`, { method: 'POST' }),
  );

export const useGenerateSandbox = (appId: string) =>
  useAppMutation(appId, () => api(`/developer_apps/${appId}/sandbox`, { method: 'POST' }));

/** Staff kickoff: POST to the path the page is given, empty body. */
export const useKickoff = (appId: string) =>
  useAppMutation(appId, (path: string) => api(path.replace(/^\/api\/v1/, ''), { method: 'POST' }));
