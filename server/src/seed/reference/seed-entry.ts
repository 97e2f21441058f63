import type { ChangelogType, ResourceGroup } from '@portal/contracts';

/** One seeded changelog entry (changelog-entries.ts). */
export type SeedEntry = {
  group: ResourceGroup;
  branch?: string;
  datestamp: string;
  type: ChangelogType;
  breaking?: boolean;
  internal?: boolean;
  endpoint: string;
  link: string;
  versions: string[];
  summary: string;
  description: string;
};
