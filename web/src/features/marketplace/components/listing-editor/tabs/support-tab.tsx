import { Stack, TextInput } from '@mantine/core';
import type { HelpfulLink } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { FieldLabel, useFieldError, useFieldKit } from '../field-kit.tsx';
import { ListingText } from '../fields.tsx';

/** The Support tab: the support e-mail and the website link. */
export function SupportTab() {
  return (
    <Stack>
      <ListingText field="support_email" required />
      <WebsiteLinkPart part="label" />
      <WebsiteLinkPart part="url" />
    </Stack>
  );
}

/** One part of the website link (its label or its URL), required. */
function WebsiteLinkPart({ part }: { part: keyof HelpfulLink }) {
  const { t } = useTranslation();
  const { values, set, readOnly } = useFieldKit();
  const link = values.website_link ?? { label: null, url: null };
  const path = `website_link.${part}`;
  const label = t(`marketplace.fields.website_${part}`);
  return (
    <TextInput
      label={<FieldLabel field="website_link" label={label} copy={link[part]} />}
      aria-label={label}
      required
      readOnly={readOnly}
      value={link[part] ?? ''}
      onChange={(event) => set('website_link', { ...link, [part]: event.currentTarget.value || null }, path)}
      error={useFieldError(path)}
    />
  );
}
