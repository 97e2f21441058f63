/** Fixtures for the reference's tests: the seeded changelog and what each persona may see of it. */
import { type ChangelogType, DEFAULT_BRANCH } from '@portal/contracts';
import { SEED_CHANGELOG, type SeedEntry } from '../../seed/reference/changelog-entries.ts';

export { SEED_CHANGELOG };

export type SeedFilter = {
  group?: string;
  branch?: string;
  internal?: boolean;
  types?: ChangelogType[];
  breaking?: boolean;
  search?: string;
};

/** The seeded entries a filter matches, counted in JS (the oracle for the SQL list). */
export function seededMatching(filter: SeedFilter): SeedEntry[] {
  const term = filter.search?.toLowerCase();
  return SEED_CHANGELOG.filter(
    (e) =>
      e.group === (filter.group ?? 'rest') &&
      (e.branch ?? DEFAULT_BRANCH) === (filter.branch ?? DEFAULT_BRANCH) &&
      (filter.internal || !e.internal) &&
      (!filter.types || filter.types.includes(e.type)) &&
      (filter.breaking === undefined || (e.breaking ?? false) === filter.breaking) &&
      (!term || [e.summary, e.description, e.endpoint].some((text) => text.toLowerCase().includes(term))),
  );
}
