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

/**
 * The staff audit log's root: `/admin/audit` and an app page's History read under it, and staff
 * writes made through other features (manifest reviews and promotions) refresh it.
 */
export const auditKeys = { all: ['admin', 'audit'] as const };
