// Every list the bench times. A feature that adds a list adds one line here (and, if its table is
// new, a chunk in seed-rows.ts). A list the server does not have yet (404) is reported as skipped.

export type ListBench = {
  name: string;
  path: string;
  /** Who asks: the developer with the 10,000 apps and the read state, or the admin. */
  as: 'developer' | 'admin';
  /** Query parameter of the substring search (SEARCH_TERM is planted in 0.1 % of rows). */
  search?: string;
  /** Part of the offered-rate test (the lists a signed-in developer hits on every visit). */
  offered?: boolean;
  /** Part of the throughput test (issue 29: the most a list answers at 50 connections). */
  throughput?: boolean;
};

export const lists: ListBench[] = [
  {
    name: 'my apps',
    path: '/api/v1/developer_apps',
    as: 'developer',
    search: 'filters[search]',
    offered: true,
    throughput: true,
  },
  {
    name: 'notifications',
    path: '/api/v1/notifications',
    as: 'developer',
    search: 'filters[search]',
    offered: true,
    throughput: true,
  },
  {
    name: 'admin notifications',
    path: '/api/v1/admin/notifications',
    as: 'admin',
    search: 'filters[search]',
  },
  { name: 'admin outbox', path: '/api/v1/admin/outbox', as: 'admin', search: 'to' },
  { name: 'admin developers', path: '/api/v1/admin/developers', as: 'admin', search: 'filters[search]' },
  {
    name: 'admin developer apps',
    path: '/api/v1/admin/developer_apps',
    as: 'admin',
    search: 'filters[search]',
    throughput: true,
  },
  {
    name: 'admin developer apps by name',
    path: '/api/v1/admin/developer_apps?sort=internal_name',
    as: 'admin',
    search: 'filters[search]',
  },
  { name: 'admin review queue', path: '/api/v1/admin/review_queue', as: 'admin', search: 'filters[search]' },
  {
    name: 'admin oauth applications',
    path: '/api/v1/admin/oauth_applications?sort=uid',
    as: 'admin',
    search: 'filters[search]',
  },
  // The changelog (issue 27): type[] × breaking, each with and without the search.
  ...[
    ['', 'changelog'],
    ['?filters[type][]=deprecated', 'changelog deprecated'],
    ['?filters[type][]=deprecated&filters[type][]=sunset', 'changelog deprecated+sunset'],
    ['?filters[breaking]=true', 'changelog breaking'],
    ['?filters[type][]=refinement&filters[breaking]=true', 'changelog refinement breaking'],
  ].map(([query, name]) => ({
    name: name!,
    path: `/api/v1/resource_groups/rest${query}`,
    as: 'developer' as const,
    search: 'filters[search]',
  })),
  {
    name: 'changelog as staff (internal too)',
    path: '/api/v1/resource_groups/rest?filters[type][]=fix',
    as: 'admin',
    search: 'filters[search]',
  },
];

export const UNREAD_COUNT_PATH = '/api/v1/notifications/unread_count';
export const ME_PATH = '/api/v1/me';
