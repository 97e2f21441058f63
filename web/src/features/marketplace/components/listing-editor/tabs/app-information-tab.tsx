import { MultiSelect, Select, SimpleGrid, Stack } from '@mantine/core';
import type { Manifest } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { manifestsListQuery } from '../../../../manifests/index.ts';
import { categoriesQuery } from '../../../api.ts';
import { FieldLabel, useFieldError, useFieldKit } from '../field-kit.tsx';
import { ListingText } from '../fields.tsx';

/** The App Information tab: names, categories, descriptions, the version and the notes to reviewers. */
export function AppInformationTab() {
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
      required
      clearable
      error={useFieldError('app_version_id')}
      onChange={(id) => {
        set('app_version_id', id, 'app_version_id');
        set('app_version', data.find((option) => option.value === id)?.label ?? null, 'app_version');
      }}
    />
  );
}
