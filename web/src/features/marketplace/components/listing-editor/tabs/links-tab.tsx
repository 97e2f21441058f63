import { SimpleGrid, TextInput } from '@mantine/core';
import type { HelpfulLink } from '@portal/contracts';
import { LISTING_HELPFUL_LINKS_MAX } from '@portal/contracts/limits';
import { useTranslation } from 'react-i18next';
import { useFieldKit } from '../field-kit.tsx';
import { Rows } from '../fields.tsx';

/** The Helpful Links tab: label and URL rows. */
export function LinksTab() {
  const { t } = useTranslation();
  const { values, set, readOnly, errors } = useFieldKit();
  return (
    <Rows<HelpfulLink>
      rows={values.helpful_links}
      max={LISTING_HELPFUL_LINKS_MAX}
      empty={{ label: null, url: null }}
      addLabel={t('marketplace.links.add')}
      removeLabel={(index) => t('marketplace.links.remove', { number: index + 1 })}
      onChange={(rows) => set('helpful_links', rows, 'helpful_links')}
      render={(link, index, update) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {(['label', 'url'] as const).map((part) => (
            <TextInput
              key={part}
              label={t(`marketplace.links.${part}`, { number: index + 1 })}
              readOnly={readOnly}
              value={link[part] ?? ''}
              error={errors[`helpful_links.${index}.${part}`]?.join(' ')}
              onChange={(event) => update({ ...link, [part]: event.currentTarget.value || null })}
            />
          ))}
        </SimpleGrid>
      )}
    />
  );
}
