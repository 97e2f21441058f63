/**
 * The seeded changelog (issue 27): two years of hand-written entries for both groups, some
 * breaking, some internal, one branch only staff see. Tests count filters against this list.
 */
import { REST_CHANGELOG } from './changelog-rest.ts';
import type { SeedEntry } from './seed-entry.ts';

export type { SeedEntry };

const portal = (e: Omit<SeedEntry, 'group'>): SeedEntry => ({ group: 'portal', ...e });

export const SEED_CHANGELOG: SeedEntry[] = [
  ...REST_CHANGELOG,
  portal({
    datestamp: '2025-03-04',
    type: 'new',
    endpoint: 'GET /api/v1/developer_apps',
    link: 'endpoints/get-api-v-1-developer-apps',
    versions: ['v1'],
    summary: 'My Apps over the API',
    description: "The portal's own API lists your apps with `Total` and `Link` headers.",
  }),
  portal({
    datestamp: '2026-11-02',
    type: 'new',
    endpoint: 'GET /api/v1/resource_groups/{group}',
    link: 'endpoints/get-api-v-1-resource-groups-group',
    versions: ['v1'],
    summary: 'The changelog over the API',
    description: 'Filter by `filters[type][]`, `filters[breaking]` and `filters[search]`.',
  }),
];
