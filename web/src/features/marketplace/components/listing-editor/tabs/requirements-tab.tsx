import { TextInput } from '@mantine/core';
import { LISTING_REQUIREMENTS_MAX } from '@portal/contracts/limits';
import { useTranslation } from 'react-i18next';
import { useFieldKit } from '../field-kit.tsx';
import { Rows } from '../fields.tsx';

/** The Requirements tab: one requirement a row. */
export function RequirementsTab() {
  const { t } = useTranslation();
  const { values, set, readOnly, errors } = useFieldKit();
  return (
    <Rows<string | null>
      rows={values.requirements}
      max={LISTING_REQUIREMENTS_MAX}
      empty={null}
      addLabel={t('marketplace.requirements.add')}
      removeLabel={(index) => t('marketplace.requirements.remove', { number: index + 1 })}
      onChange={(rows) => set('requirements', rows, 'requirements')}
      render={(requirement, index, update) => (
        <TextInput
          label={t('marketplace.requirements.label', { number: index + 1 })}
          readOnly={readOnly}
          value={requirement ?? ''}
          error={errors[`requirements.${index}`]?.join(' ')}
          onChange={(event) => update(event.currentTarget.value || null)}
        />
      )}
    />
  );
}
