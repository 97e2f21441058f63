import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../../../components/list-search.tsx';
import { developerOptionsQuery } from '../api.ts';
import { formatOwners, type OwnerOption, parseOwners } from '../owners.ts';

/**
 * The created-by multi-select (spec admin §2): options labelled by e-mail, loaded as the admin types
 * (debounced like every search filter, spec admin §9).
 */
export function OwnerFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const selected = parseOwners(value);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const options = useQuery(developerOptionsQuery(debounced));
  const known = new Map<string, OwnerOption>(selected.map((owner) => [owner.id, owner]));
  for (const option of options.data ?? []) if (!known.has(option.id)) known.set(option.id, option);
  return (
    <MultiSelect
      label={t('adminLists.createdBy')}
      placeholder={selected.length ? undefined : t('adminLists.createdByPlaceholder')}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the search; show what it answered.
      filter={({ options: all }) => all}
      nothingFoundMessage={
        debounced.trim().length >= 3 && !options.isFetching ? t('adminLists.noOwners') : undefined
      }
      data={[...known.values()].map((owner) => ({ value: owner.id, label: owner.email }))}
      value={selected.map((owner) => owner.id)}
      onChange={(ids) => onChange(formatOwners(ids.flatMap((id) => (known.has(id) ? [known.get(id)!] : []))))}
      maw={420}
      miw={260}
    />
  );
}
