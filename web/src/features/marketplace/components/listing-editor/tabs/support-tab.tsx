import { Stack, TextInput } from '@mantine/core';
import type { HelpfulLink } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { FieldLabel, useFieldError, useFieldKit } from '../field-kit.tsx';
import { ListingText } from '../fields.tsx';

/** The Support tab: the support e-mail and the website link. */
export function SupportTab() {
  const { t } = useTranslation();
  const { values, set, readOnly } = useFieldKit();
  const link = values.website_link ?? { label: null, url: null };
  const setLink = (patch: Partial<HelpfulLink>, path: string) =>
    set('website_link', { ...link, ...patch }, path);
  return (
    <Stack>
      <ListingText field="support_email" required />
      <TextInput
        label={
          <FieldLabel field="website_link" label={t('marketplace.fields.website_label')} copy={link.label} />
        }
        aria-label={t('marketplace.fields.website_label')}
        required
        readOnly={readOnly}
        value={link.label ?? ''}
        onChange={(event) => setLink({ label: event.currentTarget.value || null }, 'website_link.label')}
        error={useFieldError('website_link.label')}
      />
      <TextInput
        label={
          <FieldLabel field="website_link" label={t('marketplace.fields.website_url')} copy={link.url} />
        }
        aria-label={t('marketplace.fields.website_url')}
        required
        readOnly={readOnly}
        value={link.url ?? ''}
        onChange={(event) => setLink({ url: event.currentTarget.value || null }, 'website_link.url')}
        error={useFieldError('website_link.url')}
      />
    </Stack>
  );
}
