/**
 * The query-key root of developer apps: My Apps and the app page read under it, and the features
 * that change what an app shows (collaborators, manifests, the Configuration Builder) refresh it
 * without importing the apps feature.
 */
export const appsKeys = {
  all: ['developer_apps'] as const,
  list: () => [...appsKeys.all, 'list'] as const,
  detail: (id: string) => [...appsKeys.all, 'detail', id] as const,
  permissions: (id: string) => [...appsKeys.all, 'permissions', id] as const,
};
