import { Button, Checkbox, Collapse, Group, Input, SimpleGrid, Stack } from '@mantine/core';
import { countryName, MARKETPLACE_REGIONS } from '@portal/contracts/marketplace-catalog';
import {
  inferAllRegions,
  regionCheckState,
  selectAllRegions,
  toggleCountry,
  toggleRegion,
} from '@portal/contracts/marketplace-listing-fields';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldLabel, useFieldError, useFieldKit } from '../field-kit.tsx';
import { ListingText, ListingYesNo } from '../fields.tsx';

/** The Pricing tab: the pricing text and link, three yes/no answers, and the regions. */
export function PricingTab() {
  return (
    <Stack>
      <ListingText field="pricing_description" multiline required />
      <ListingText field="pricing_url" />
      <ListingYesNo field="has_trials" />
      <ListingYesNo field="connector_required" />
      <ListingYesNo field="subscription_required" />
      <RegionsField />
    </Stack>
  );
}

/**
 * Regions with their countries (spec developer-apps §4): all regions, tri-state regions, countries in 3
 * columns.
 */
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
      withAsterisk
    >
      <Stack gap="xs" mt="xs">
        <Checkbox
          label={t('marketplace.allRegions')}
          data-invalid={error ? true : undefined}
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
