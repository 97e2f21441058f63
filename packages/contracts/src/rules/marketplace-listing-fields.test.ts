import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  countryName,
  MARKETPLACE_COUNTRY_CODES,
  MARKETPLACE_REGIONS,
  UNKNOWN_COUNTRY,
} from './marketplace-catalog.ts';
import {
  applyContactOption,
  contactOptionOf,
  hasRegionOrCountry,
  inferAllRegions,
  LISTING_TABS,
  listingProgress,
  progressTabs,
  regionCheckState,
  removeSavedMedia,
  selectAllRegions,
  setLogoRemoved,
  tabOfField,
  tabsWithErrors,
  toggleCountry,
  toggleRegion,
} from './marketplace-listing-fields.ts';

const none = { regions: {}, countries: {} };
const europe = MARKETPLACE_REGIONS.find((region) => region.id === 'europe')!;

test('picking a region ticks all its countries; unpicking unticks them', () => {
  const picked = toggleRegion(none, 'europe', true);
  assert.equal(picked.regions.europe, true);
  for (const code of europe.countries) assert.equal(picked.countries[code], true, code);
  assert.equal(picked.countries.US, undefined);
  assert.equal(regionCheckState(picked, 'europe'), 'checked');
  const unpicked = toggleRegion(picked, 'europe', false);
  assert.equal(unpicked.regions.europe, false);
  assert.ok(europe.countries.every((code) => unpicked.countries[code] === false));
  assert.equal(regionCheckState(unpicked, 'europe'), 'unchecked');
});

test('a region is indeterminate when only some of its countries are ticked, and ticked when all are', () => {
  let selection = toggleCountry(none, 'FR', true);
  assert.equal(regionCheckState(selection, 'europe'), 'indeterminate');
  assert.equal(selection.regions.europe, false);
  for (const code of europe.countries) selection = toggleCountry(selection, code, true);
  assert.equal(regionCheckState(selection, 'europe'), 'checked');
  assert.equal(selection.regions.europe, true);
  selection = toggleCountry(selection, 'DE', false);
  assert.equal(regionCheckState(selection, 'europe'), 'indeterminate');
  assert.equal(selection.regions.europe, false);
  assert.equal(regionCheckState(selection, 'asia_pacific'), 'unchecked');
  assert.equal(regionCheckState(selection, 'nowhere'), 'unchecked');
});

test('all regions marks every region and country; its initial state is inferred', () => {
  const all = selectAllRegions(true);
  assert.equal(Object.keys(all.countries).length, MARKETPLACE_COUNTRY_CODES.length);
  assert.equal(inferAllRegions(all), true);
  assert.equal(inferAllRegions(none), null, 'nothing set');
  assert.equal(inferAllRegions(selectAllRegions(false)), false, 'all set to false');
  assert.equal(inferAllRegions(toggleCountry(all, 'US', false)), false, 'one country missing');
  assert.equal(inferAllRegions(toggleRegion(none, 'europe', true)), false, 'one region');
});

test('a region or a country must be ticked for the availability rule', () => {
  assert.equal(hasRegionOrCountry(none), false);
  assert.equal(hasRegionOrCountry(selectAllRegions(false)), false);
  assert.equal(hasRegionOrCountry(toggleCountry(none, 'JP', true)), true);
  assert.equal(hasRegionOrCountry({ regions: { europe: true }, countries: {} }), true);
});

test('contact options: the initial one derives from data; choosing one clears the others', () => {
  const values = { contact_us_email: 'a@x.example', learn_how_url: 'https://x.example', create_lead: false };
  assert.equal(contactOptionOf(values), 'contact_us');
  assert.equal(contactOptionOf({ ...values, create_lead: true }), 'lead');
  assert.equal(contactOptionOf({ ...values, contact_us_email: null }), 'learn_how');
  assert.equal(contactOptionOf({ contact_us_email: null, learn_how_url: null, create_lead: false }), null);
  assert.deepEqual(applyContactOption(values, 'contact_us'), { ...values, learn_how_url: null });
  assert.deepEqual(applyContactOption(values, 'learn_how'), { ...values, contact_us_email: null });
  assert.deepEqual(applyContactOption(values, 'lead'), {
    contact_us_email: null,
    learn_how_url: null,
    create_lead: true,
  });
  assert.equal(applyContactOption({ ...values, create_lead: true }, 'contact_us').create_lead, false);
});

test('removing saved media lists its id once; removing and re-adding the logo flips the flag', () => {
  const start = { remove_media_ids: [], remove_small_logo: false };
  const once = removeSavedMedia(removeSavedMedia(start, 'a'), 'a');
  assert.deepEqual(once.remove_media_ids, ['a']);
  assert.equal(setLogoRemoved(start, true).remove_small_logo, true);
  assert.equal(setLogoRemoved(setLogoRemoved(start, true), false).remove_small_logo, false);
});

test('errors map to their tabs; progress counts the required tabs without errors', () => {
  assert.equal(tabOfField('website_link.url'), 'support');
  assert.equal(tabOfField('feature_bullets.2'), 'features');
  assert.equal(tabOfField('security_questionnaire.security_email'), 'security');
  assert.equal(tabOfField('region_or_country'), 'pricing');
  assert.equal(tabOfField('nothing'), null);
  assert.deepEqual(
    [...tabsWithErrors({ public_name: ['x'], pictures: ['y'], 'pictures.0': ['z'] })],
    ['app_information', 'media'],
  );
  assert.deepEqual(listingProgress({}, { securityQuestionnaire: false }), {
    completed: 6,
    total: 6,
    percent: 100,
  });
  assert.deepEqual(
    listingProgress({ public_name: ['x'], helpful_links: ['y'] }, { securityQuestionnaire: true }),
    {
      completed: 6,
      total: 7,
      percent: 86,
    },
  );
  assert.equal(LISTING_TABS.length, 10);
  assert.deepEqual(progressTabs({ securityQuestionnaire: false }), [
    'app_information',
    'media',
    'pricing',
    'support',
    'features',
    'contact',
  ]);
  assert.equal(progressTabs({ securityQuestionnaire: true }).at(-1), 'security');
});

test('country names come from the locale table, "Unknown Country" without one', () => {
  assert.equal(countryName('DE'), 'Germany');
  assert.equal(countryName('us'), 'United States');
  assert.equal(countryName('XX'), UNKNOWN_COUNTRY);
  assert.equal(countryName('not a code'), UNKNOWN_COUNTRY);
});
