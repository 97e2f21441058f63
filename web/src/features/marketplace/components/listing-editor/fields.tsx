import { ActionIcon, Button, Group, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FieldLabel, useFieldError, useFieldKit } from './field-kit.tsx';

type TextField =
  | 'public_name'
  | 'tagline'
  | 'description'
  | 'about'
  | 'built_by'
  | 'sold_by'
  | 'how_it_works'
  | 'draft_developer_notes'
  | 'app_version'
  | 'pricing_description'
  | 'pricing_url'
  | 'support_email'
  | 'contact_us_email'
  | 'learn_how_url';

/** A text field of the listing: its label (with the admin's marker and copy), value and error. */
export function ListingText({
  field,
  multiline,
  description,
  maxLength,
  required,
}: {
  field: TextField;
  multiline?: boolean;
  description?: string;
  maxLength?: number;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const { values, set, readOnly } = useFieldKit();
  const error = useFieldError(field);
  const label = t(`marketplace.fields.${field}`);
  const common = {
    label: <FieldLabel field={field} label={label} copy={values[field]} />,
    'aria-label': label,
    description,
    error,
    required,
    readOnly,
    value: values[field] ?? '',
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(field, event.currentTarget.value === '' ? null : event.currentTarget.value),
  };
  if (multiline)
    return (
      <Textarea
        {...common}
        rows={3}
        description={
          maxLength
            ? [
                description,
                t('marketplace.charCount', { count: (values[field] ?? '').length, max: maxLength }),
              ]
                .filter(Boolean)
                .join(' · ')
            : description
        }
      />
    );
  return <TextInput {...common} />;
}

/** A yes/no field of the listing, labelled by its name, with its error. */
export function ListingYesNo({
  field,
}: {
  field: 'has_trials' | 'connector_required' | 'subscription_required';
}) {
  const { t } = useTranslation();
  const { values, set } = useFieldKit();
  return (
    <YesNo
      field={field}
      label={t(`marketplace.fields.${field}`)}
      value={values[field]}
      onChange={(value) => set(field, value)}
      error={useFieldError(field)}
    />
  );
}

/** A yes/no answer (null until answered). */
export function YesNo({
  label,
  value,
  onChange,
  error,
  field,
  required = true,
}: {
  label: string;
  value: boolean | null;
  onChange: (value: boolean) => void;
  error?: string | undefined;
  field: string;
  /** Every yes/no answer of the listing is required for review. */
  required?: boolean;
}) {
  const { t } = useTranslation();
  const { readOnly } = useFieldKit();
  return (
    <Radio.Group
      label={<FieldLabel field={field} label={label} />}
      aria-label={label}
      value={value === null ? '' : value ? 'yes' : 'no'}
      onChange={(next) => !readOnly && onChange(next === 'yes')}
      error={error}
      withAsterisk={required}
    >
      <Group mt={4}>
        <Radio
          value="yes"
          label={t('marketplace.yes')}
          disabled={readOnly}
          data-invalid={error ? true : undefined}
        />
        <Radio value="no" label={t('marketplace.no')} disabled={readOnly} />
      </Group>
    </Radio.Group>
  );
}

/** Rows of which at least one remains; a row is added only from the last one (spec developer-apps §4). */
export function Rows<T>({
  rows,
  max,
  empty,
  addLabel,
  removeLabel,
  onChange,
  render,
}: {
  rows: T[];
  max: number;
  empty: T;
  addLabel: string;
  removeLabel: (index: number) => string;
  onChange: (rows: T[]) => void;
  render: (row: T, index: number, update: (row: T) => void) => React.ReactNode;
}) {
  const { readOnly } = useFieldKit();
  return (
    <Stack>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
        <Group key={index} align="flex-end" wrap="nowrap">
          <div style={{ flex: 1 }}>
            {render(row, index, (next) => onChange(rows.map((r, i) => (i === index ? next : r))))}
          </div>
          {rows.length > 1 && !readOnly && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={removeLabel(index)}
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
              mb={4}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {!readOnly && rows.length < max && (
        <Button variant="default" w="fit-content" onClick={() => onChange([...rows, empty])}>
          {addLabel}
        </Button>
      )}
    </Stack>
  );
}
