import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FieldLabel, useFieldKit } from '../field-kit.tsx';

/** The Features tab: the three feature bullets. */
export function FeaturesTab() {
  const { t } = useTranslation();
  const { values, set, readOnly, errors } = useFieldKit();
  return (
    <Stack>
      {values.feature_bullets.map((bullet, index) => {
        const label = t('marketplace.fields.feature_bullet', { number: index + 1 });
        return (
          <TextInput
            // biome-ignore lint/suspicious/noArrayIndexKey: the three slots are fixed
            key={index}
            label={<FieldLabel field="feature_bullets" label={label} copy={bullet} />}
            aria-label={label}
            required
            readOnly={readOnly}
            value={bullet ?? ''}
            error={errors[`feature_bullets.${index}`]?.join(' ')}
            onChange={(event) => {
              const next = [...values.feature_bullets];
              next[index] = event.currentTarget.value || null;
              set('feature_bullets', next, `feature_bullets.${index}`);
            }}
          />
        );
      })}
    </Stack>
  );
}
