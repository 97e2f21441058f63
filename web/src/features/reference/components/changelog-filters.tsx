import { Checkbox, Select, Stack, TextInput } from '@mantine/core';
import { CHANGELOG_TYPES, type ResourceGroup, seesInternalChangelog } from '@portal/contracts/changelog';
import { CHANGELOG_SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '@portal/contracts/limits';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/config.ts';
import { branchesQuery } from '../api.ts';
import type { useChangelogParams } from './use-changelog-params.ts';

type Params = ReturnType<typeof useChangelogParams>;

/** The changelog's filters on the left (spec developer-apps §2): search, types, breaking, branch. */
export function ChangelogFilters({ group, params }: { group: ResourceGroup; params: Params }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const staff = seesInternalChangelog(user);
  const { list, filters, setTypes } = params;
  const { setFilter } = list;
  const [search, setSearch] = useState(filters.search);
  // Debounced 500 ms (spec developer-apps §9); a term shorter than a trigram waits for more.
  useEffect(() => {
    const term = search.trim();
    if (term === filters.search || (term.length > 0 && term.length < SEARCH_MIN_LENGTH)) return;
    const timer = setTimeout(() => setFilter('filters[search]', term), CHANGELOG_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, filters.search, setFilter]);
  const branches = useQuery({ ...branchesQuery(group), enabled: staff });
  return (
    <Stack gap="sm" component="section" aria-label={t('reference.filters')}>
      <TextInput
        type="search"
        label={t('reference.search')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <Checkbox.Group
        label={t('reference.types.label')}
        value={filters.types}
        onChange={(value) => setTypes(value as typeof filters.types)}
      >
        <Stack gap={6} mt={6}>
          {CHANGELOG_TYPES.map((type) => (
            <Checkbox key={type} value={type} label={t(`reference.types.${type}`)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Checkbox
        label={t('reference.breakingOnly')}
        checked={filters.breaking}
        onChange={(event) => list.setFilter('filters[breaking]', event.currentTarget.checked ? 'true' : '')}
      />
      {staff && (
        <Select
          label={t('reference.branch')}
          data={branches.data?.branches ?? [filters.branch ?? 'main']}
          value={filters.branch ?? branches.data?.default ?? 'main'}
          allowDeselect={false}
          onChange={(value) =>
            list.setFilter('custom_service_sha', value && value !== branches.data?.default ? value : '')
          }
        />
      )}
    </Stack>
  );
}
