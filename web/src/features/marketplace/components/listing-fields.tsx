import {
  ActionIcon,
  Button,
  Checkbox,
  Collapse,
  Group,
  Input,
  MultiSelect,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type HelpfulLink,
  type Manifest,
  SECURITY_QUESTIONS,
  type SecurityQuestionnaire,
} from '@portal/contracts';
import { LISTING_HELPFUL_LINKS_MAX, LISTING_REQUIREMENTS_MAX } from '@portal/contracts/limits';
import {
  countryName,
  MARKETPLACE_REGIONS,
  PRODUCT_TOOLS,
  SECURITY_STANDARDS,
  SSO_PROVIDERS,
} from '@portal/contracts/marketplace-catalog';
import {
  applyContactOption,
  type ContactOption,
  contactOptionOf,
  inferAllRegions,
  regionCheckState,
  selectAllRegions,
  toggleCountry,
  toggleRegion,
} from '@portal/contracts/marketplace-listing-fields';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/config.ts';
import { manifestsListQuery } from '../../manifests/index.ts';
import { categoriesQuery } from '../api.ts';
import type { FormValues } from '../listing-form.ts';
import { FieldLabel, useFieldError, useFieldKit } from './field-kit.tsx';
import { QuestionnaireTearsheet } from './questionnaire-tearsheet.tsx';

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

/** A yes/no answer (null until answered). */
function YesNo({
  label,
  value,
  onChange,
  error,
  field,
}: {
  label: string;
  value: boolean | null;
  onChange: (value: boolean) => void;
  error?: string | undefined;
  field: string;
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
    >
      <Group mt={4}>
        <Radio value="yes" label={t('marketplace.yes')} disabled={readOnly} />
        <Radio value="no" label={t('marketplace.no')} disabled={readOnly} />
      </Group>
    </Radio.Group>
  );
}

export function AppInformationFields() {
  const { t } = useTranslation();
  const { values, set, readOnly } = useFieldKit();
  const categories = useQuery(categoriesQuery);
  const categoryError = useFieldError('category_ids');
  return (
    <Stack>
      <ListingText field="public_name" required />
      <ListingText field="tagline" required />
      <MultiSelect
        label={<FieldLabel field="category_ids" label={t('marketplace.fields.category_ids')} />}
        aria-label={t('marketplace.fields.category_ids')}
        description={t('marketplace.hints.categories')}
        required
        data={(categories.data ?? []).map((category) => ({
          value: String(category.id),
          label: category.label,
        }))}
        value={values.category_ids.map(String)}
        onChange={(ids) => set('category_ids', ids.map(Number))}
        error={categoryError}
        readOnly={readOnly}
        searchable
      />
      <ListingText field="description" multiline maxLength={2000} required />
      <ListingText field="how_it_works" multiline maxLength={500} required />
      <ListingText field="about" multiline required />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ListingText field="built_by" required />
        <ListingText field="sold_by" required />
      </SimpleGrid>
      <VersionPicker />
      <ListingText field="draft_developer_notes" multiline required />
    </Stack>
  );
}

/** The production version the listing describes (its label is filled in by the server too). */
function VersionPicker() {
  const { t } = useTranslation();
  const { appId, values, set, readOnly } = useFieldKit();
  const versions = useQuery(
    manifestsListQuery({ appId, environment: 'Production', perPage: 100, sort: '-version' }),
  );
  const label = (version: Manifest) => version.semantic_version ?? `Version ${version.version}`;
  const data = (versions.data?.items ?? []).map((version) => ({ value: version.id, label: label(version) }));
  if (values.app_version_id && !data.some((option) => option.value === values.app_version_id))
    data.push({ value: values.app_version_id, label: values.app_version ?? values.app_version_id });
  return (
    <Select
      label={<FieldLabel field="app_version_id" label={t('marketplace.fields.app_version')} />}
      aria-label={t('marketplace.fields.app_version')}
      description={data.length ? t('marketplace.hints.appVersion') : t('marketplace.hints.noVersions')}
      placeholder={t('marketplace.hints.pickVersion')}
      data={data}
      value={values.app_version_id}
      readOnly={readOnly}
      clearable
      error={useFieldError('app_version_id')}
      onChange={(id) => {
        set('app_version_id', id, 'app_version_id');
        set('app_version', data.find((option) => option.value === id)?.label ?? null, 'app_version');
      }}
    />
  );
}

export function PricingFields() {
  const { t } = useTranslation();
  const { values, set } = useFieldKit();
  return (
    <Stack>
      <ListingText field="pricing_description" multiline required />
      <ListingText field="pricing_url" />
      <YesNo
        field="has_trials"
        label={t('marketplace.fields.has_trials')}
        value={values.has_trials}
        onChange={(value) => set('has_trials', value)}
        error={useFieldError('has_trials')}
      />
      <YesNo
        field="connector_required"
        label={t('marketplace.fields.connector_required')}
        value={values.connector_required}
        onChange={(value) => set('connector_required', value)}
        error={useFieldError('connector_required')}
      />
      <YesNo
        field="subscription_required"
        label={t('marketplace.fields.subscription_required')}
        value={values.subscription_required}
        onChange={(value) => set('subscription_required', value)}
        error={useFieldError('subscription_required')}
      />
      <RegionsField />
    </Stack>
  );
}

/** Regions with their countries (spec §4): all regions, tri-state regions, countries in 3 columns. */
function RegionsField() {
  const { t } = useTranslation();
  const { values, set, readOnly } = useFieldKit();
  const error = useFieldError('region_or_country');
  const [open, setOpen] = useState<string | null>(null);
  const [allRegions, setAllRegions] = useState<boolean | null>(() => inferAllRegions(values));
  const apply = (next: { regions: Record<string, boolean>; countries: Record<string, boolean> }) => {
    set('regions', next.regions, 'region_or_country');
    set('countries', next.countries, 'region_or_country');
  };
  return (
    <Input.Wrapper
      label={<FieldLabel field="regions" label={t('marketplace.fields.regions')} />}
      description={t('marketplace.hints.regions')}
      error={error}
    >
      <Stack gap="xs" mt="xs">
        <Checkbox
          label={t('marketplace.allRegions')}
          checked={allRegions === true}
          disabled={readOnly}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            setAllRegions(checked);
            apply(selectAllRegions(checked));
          }}
        />
        {MARKETPLACE_REGIONS.map((region) => {
          const state = regionCheckState(values, region.id);
          return (
            <Stack key={region.id} gap={4}>
              <Group gap="xs">
                <Checkbox
                  label={region.name}
                  checked={state === 'checked'}
                  indeterminate={state === 'indeterminate'}
                  disabled={readOnly}
                  onChange={(event) => {
                    const next = toggleRegion(values, region.id, event.currentTarget.checked);
                    setAllRegions(inferAllRegions(next));
                    apply(next);
                  }}
                />
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => setOpen(open === region.id ? null : region.id)}
                  aria-expanded={open === region.id}
                >
                  {t('marketplace.countriesOf', { region: region.name })}
                </Button>
              </Group>
              <Collapse expanded={open === region.id}>
                {open === region.id && (
                  <SimpleGrid cols={3} pl="lg" spacing="xs" verticalSpacing="sm">
                    {region.countries.map((code) => (
                      <Checkbox
                        key={code}
                        label={countryName(code)}
                        checked={values.countries[code] ?? false}
                        disabled={readOnly}
                        onChange={(event) => {
                          const next = toggleCountry(values, code, event.currentTarget.checked);
                          setAllRegions(inferAllRegions(next));
                          apply(next);
                        }}
                      />
                    ))}
                  </SimpleGrid>
                )}
              </Collapse>
            </Stack>
          );
        })}
      </Stack>
    </Input.Wrapper>
  );
}

export function SupportFields() {
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

export function FeaturesFields() {
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

export function ContactFields() {
  const { t } = useTranslation();
  const { values, set, readOnly } = useFieldKit();
  const user = useCurrentUser();
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
      >
        <Stack gap="xs" mt={4}>
          <Radio value="contact_us" label={t('marketplace.contact.contact_us')} disabled={readOnly} />
          <Radio value="learn_how" label={t('marketplace.contact.learn_how')} disabled={readOnly} />
          {(user?.employee || values.create_lead) && (
            <Radio
              value="lead"
              label={t('marketplace.contact.lead')}
              disabled={readOnly || !user?.employee}
            />
          )}
        </Stack>
      </Radio.Group>
      {option === 'contact_us' && <ListingText field="contact_us_email" required />}
      {option === 'learn_how' && <ListingText field="learn_how_url" required />}
    </Stack>
  );
}

/** Rows of which at least one remains; a row is added only from the last one (spec §4). */
function Rows<T>({
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

export function LinksFields() {
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
          <TextInput
            label={t('marketplace.links.label', { number: index + 1 })}
            readOnly={readOnly}
            value={link.label ?? ''}
            error={errors[`helpful_links.${index}.label`]?.join(' ')}
            onChange={(event) => update({ ...link, label: event.currentTarget.value || null })}
          />
          <TextInput
            label={t('marketplace.links.url', { number: index + 1 })}
            readOnly={readOnly}
            value={link.url ?? ''}
            error={errors[`helpful_links.${index}.url`]?.join(' ')}
            onChange={(event) => update({ ...link, url: event.currentTarget.value || null })}
          />
        </SimpleGrid>
      )}
    />
  );
}

export function RequirementsFields() {
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

export function ProductToolsFields() {
  const { t } = useTranslation();
  const { values, set, readOnly } = useFieldKit();
  return (
    <Input.Wrapper
      label={<FieldLabel field="product_tools" label={t('marketplace.fields.product_tools')} />}
      description={t('marketplace.hints.productTools')}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs" spacing="xs">
        {PRODUCT_TOOLS.map((tool) => (
          <Checkbox
            key={tool.id}
            label={tool.title}
            checked={values.product_tools[tool.id] ?? false}
            disabled={readOnly}
            onChange={(event) =>
              set('product_tools', { ...values.product_tools, [tool.id]: event.currentTarget.checked })
            }
          />
        ))}
      </SimpleGrid>
    </Input.Wrapper>
  );
}

/** The Security & Compliance tab: the questionnaire switch (with its toast) and the questions. */
export function SecurityFields() {
  const { t } = useTranslation();
  const { values, set, readOnly, errors } = useFieldKit();
  const q = values.security_questionnaire;
  const update = (patch: Partial<SecurityQuestionnaire>, field: string) =>
    set('security_questionnaire', { ...q, ...patch }, `security_questionnaire.${field}`);
  const error = (field: string) => errors[`security_questionnaire.${field}`]?.join(' ');
  const text = (field: keyof SecurityQuestionnaire, enabled = true, multiline = false) => {
    const props = {
      label: t(`marketplace.security.${field}`),
      readOnly: readOnly || !enabled,
      disabled: !enabled,
      value: (q[field] as string | null) ?? '',
      error: error(field),
      onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        update({ [field]: event.currentTarget.value || null }, field),
    };
    return multiline ? <Textarea {...props} rows={2} /> : <TextInput {...props} />;
  };
  const countries = MARKETPLACE_REGIONS.flatMap((region) => region.countries).map((code) => ({
    value: code,
    label: countryName(code),
  }));
  const uniqueCountries = [...new Map(countries.map((c) => [c.value, c])).values()];
  const [tearsheet, setTearsheet] = useState(false);
  return (
    <Stack>
      <QuestionnaireTearsheet questionnaire={q} opened={tearsheet} onClose={() => setTearsheet(false)} />
      <Switch
        label={t('marketplace.security.visible')}
        checked={q.security_questionnaire_visible}
        disabled={readOnly}
        onChange={(event) => {
          const on = event.currentTarget.checked;
          update({ security_questionnaire_visible: on }, 'security_questionnaire_visible');
          notifications.show({
            color: 'green',
            message: on ? t('marketplace.security.enabled') : t('marketplace.security.disabled'),
            autoClose: 2000,
          });
        }}
      />
      {q.security_questionnaire_visible && (
        <Stack>
          <Button variant="default" w="fit-content" onClick={() => setTearsheet(true)}>
            {t('marketplace.tearsheet.open')}
          </Button>
          {text('company_legal_name')}
          {text('company_headquarters')}
          <Select
            label={t('marketplace.security.headquarters_country')}
            data={uniqueCountries}
            searchable
            readOnly={readOnly}
            value={q.headquarters_country}
            error={error('headquarters_country')}
            onChange={(value) => update({ headquarters_country: value }, 'headquarters_country')}
          />
          <MultiSelect
            label={t('marketplace.security.data_processing_countries')}
            data={uniqueCountries}
            searchable
            readOnly={readOnly}
            value={q.data_processing_countries}
            error={error('data_processing_countries')}
            onChange={(value) => update({ data_processing_countries: value }, 'data_processing_countries')}
          />
          {SECURITY_QUESTIONS.map((question) => (
            <Stack key={question} gap="xs">
              <YesNo
                field={`security_questionnaire.${question}`}
                label={t(`marketplace.security.${question}`)}
                value={q[question]}
                onChange={(value) => update({ [question]: value }, question)}
                error={error(question)}
              />
              {question === 'has_subprocessors' &&
                text('subprocessors_details', q.has_subprocessors === true, true)}
              {question === 'has_sensitive_data' &&
                text('sensitive_data_handling_details', q.has_sensitive_data === true, true)}
              {question === 'has_security_contact' && text('security_email', q.has_security_contact === true)}
              {question === 'has_disclosure_program' &&
                text('disclosure_program_url', q.has_disclosure_program === true)}
              {question === 'has_security_standards' && (
                <>
                  <MultiSelect
                    label={t('marketplace.security.security_standard_ids')}
                    disabled={q.has_security_standards !== true}
                    readOnly={readOnly}
                    data={SECURITY_STANDARDS.map((standard) => ({
                      value: String(standard.id),
                      label: standard.variant
                        ? `${standard.standard_name} ${standard.variant}`
                        : standard.standard_name,
                    }))}
                    value={q.security_standard_ids.map(String)}
                    error={error('security_standard_ids')}
                    onChange={(ids) =>
                      update({ security_standard_ids: ids.map(Number) }, 'security_standard_ids')
                    }
                  />
                  {text('other_security_standards', q.has_security_standards === true)}
                </>
              )}
              {question === 'has_sso_support' && (
                <>
                  <MultiSelect
                    label={t('marketplace.security.sso_providers')}
                    disabled={q.has_sso_support !== true}
                    readOnly={readOnly}
                    data={[...SSO_PROVIDERS]}
                    value={q.sso_providers}
                    error={error('sso_providers')}
                    onChange={(names) => update({ sso_providers: names }, 'sso_providers')}
                  />
                  {text('other_sso_providers', q.has_sso_support === true)}
                </>
              )}
            </Stack>
          ))}
        </Stack>
      )}
      {!q.security_questionnaire_visible && <Text c="dimmed">{t('marketplace.security.hidden')}</Text>}
    </Stack>
  );
}

export type { FormValues };
