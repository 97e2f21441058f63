import { Radio, Stack } from '@mantine/core';
import { isPlatformStaff } from '@portal/contracts/app-roles';
import {
  applyContactOption,
  type ContactOption,
  contactOptionOf,
} from '@portal/contracts/marketplace-listing-fields';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../../../lib/config.ts';
import { FieldLabel, useFieldError, useFieldKit } from '../field-kit.tsx';
import { ListingText } from '../fields.tsx';

/** The Contact tab: how a customer gets in touch (contact us, learn how, or a lead for staff). */
export function ContactTab() {
  const { t } = useTranslation();
  const { values, set, readOnly } = useFieldKit();
  const staff = isPlatformStaff(useCurrentUser());
  const [option, setOption] = useState<ContactOption | null>(() => contactOptionOf(values));
  const error = useFieldError('contact_or_learn_how');
  const choose = (next: ContactOption) => {
    setOption(next);
    const applied = applyContactOption(values, next);
    set('create_lead', applied.create_lead, 'contact_or_learn_how');
    set('contact_us_email', applied.contact_us_email, 'contact_us_email');
    set('learn_how_url', applied.learn_how_url, 'learn_how_url');
  };
  return (
    <Stack>
      <Radio.Group
        label={<FieldLabel field="create_lead" label={t('marketplace.contact.label')} />}
        aria-label={t('marketplace.contact.label')}
        value={option ?? ''}
        onChange={(next) => !readOnly && choose(next as ContactOption)}
        error={error}
        withAsterisk
      >
        <Stack gap="xs" mt={4}>
          <Radio
            value="contact_us"
            label={t('marketplace.contact.contact_us')}
            disabled={readOnly}
            data-invalid={error ? true : undefined}
          />
          <Radio value="learn_how" label={t('marketplace.contact.learn_how')} disabled={readOnly} />
          {(staff || values.create_lead) && (
            <Radio value="lead" label={t('marketplace.contact.lead')} disabled={readOnly || !staff} />
          )}
        </Stack>
      </Radio.Group>
      {option === 'contact_us' && <ListingText field="contact_us_email" required />}
      {option === 'learn_how' && <ListingText field="learn_how_url" required />}
    </Stack>
  );
}
