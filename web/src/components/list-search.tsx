import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { SEARCH_MIN_LENGTH } from '@portal/contracts/limits';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams } from './use-list-params.ts';

/** Spec admin §9: search filters are debounced 500 ms. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * A list's search box for one of its filters: applies the term (ListParams.setFilter) once the
 * typing pauses and the term is empty or long enough for the server's trigram search.
 */
export function ListSearch<F extends string>({
  label,
  list,
  filter,
}: {
  label: string;
  list: Pick<ListParams<F>, 'filters' | 'setFilter'>;
  filter: F;
}) {
  const { t } = useTranslation();
  const value = list.filters[filter];
  const onSearch = (term: string) => list.setFilter(filter, term);
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const apply = useDebouncedCallback((next: string) => {
    const term = next.trim();
    if (term === '' || term.length >= SEARCH_MIN_LENGTH) onSearch(term);
  }, SEARCH_DEBOUNCE_MS);
  const tooShort = text.trim() !== '' && text.trim().length < SEARCH_MIN_LENGTH;
  return (
    <TextInput
      type="search"
      label={label}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      description={tooShort ? t('list.searchTooShort', { count: SEARCH_MIN_LENGTH }) : undefined}
      maw={360}
    />
  );
}
