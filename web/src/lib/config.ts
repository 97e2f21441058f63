import type { RuntimeConfig } from '@portal/contracts';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, setCsrfToken } from './api.ts';

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: async () => {
    const config = await api<RuntimeConfig>('/config');
    setCsrfToken(config.csrf_token);
    return config;
  },
  staleTime: 60_000,
});

/** Deployment flags and the signed-in user. Loaded before the first render. */
export function useConfig(): RuntimeConfig {
  return useSuspenseQuery(configQuery).data;
}

export function useCurrentUser() {
  return useConfig().user;
}
