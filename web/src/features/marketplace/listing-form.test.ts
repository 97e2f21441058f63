import { expect, test } from 'vitest';
import {
  changedFields,
  fieldErrorsOf,
  ruleValues,
  saveBody,
  valuesOf,
  withoutErrors,
} from './listing-form.ts';
import { completeDraft } from './testing.ts';

test('an empty listing: three bullet slots, one link row and one requirement row', () => {
  const values = valuesOf(null);
  expect(values.feature_bullets).toEqual([null, null, null]);
  expect(values.helpful_links).toEqual([{ label: null, url: null }]);
  expect(values.requirements).toEqual([null]);
  expect(values.website_link).toEqual({ label: null, url: null });
});

test('unchanged values: nothing changed, an empty save body', () => {
  const base = valuesOf(completeDraft);
  const values = valuesOf(completeDraft);
  expect(changedFields(base, values, false)).toEqual([]);
  expect(saveBody(base, values, false)).toEqual({});
});

test('the save body holds the changed fields only, blank rows left out, switched-off places false', () => {
  const base = valuesOf(completeDraft);
  const values = {
    ...base,
    tagline: 'New',
    helpful_links: [
      { label: 'Docs', url: 'https://a.example.com' },
      { label: null, url: null },
    ],
    regions: { north_america: false, europe: true },
  };
  expect(saveBody(base, values, false)).toEqual({
    tagline: 'New',
    helpful_links: [{ label: 'Docs', url: 'https://a.example.com' }],
    regions: { north_america: false, europe: true },
  });
});

test('an added blank row is no change', () => {
  const base = valuesOf(completeDraft);
  expect(changedFields(base, { ...base, requirements: [null, null] }, false)).toEqual([]);
});

test('staff fields count only in the admin mode', () => {
  const base = valuesOf(completeDraft);
  const values = { ...base, admin_message: 'Fix it', beta: true };
  expect(changedFields(base, values, false)).toEqual([]);
  expect(saveBody(base, values, true)).toEqual({ admin_message: 'Fix it', beta: true });
});

test('the rules read the form with the saved media', () => {
  const rules = ruleValues(valuesOf(completeDraft), completeDraft);
  expect(rules.pictures).toHaveLength(3);
  expect(rules.small_logo_url).toBe(completeDraft.small_logo_url);
  expect(rules.helpful_links).toEqual([]);
});

test('editing a field drops its errors and those under it', () => {
  const errors = { website_link: ['x'], 'website_link.url': ['y'], tagline: ['z'] };
  expect(withoutErrors(errors, 'website_link.url')).toEqual({ tagline: ['z'] });
  expect(withoutErrors(errors, 'tagline')).toEqual({ website_link: ['x'], 'website_link.url': ['y'] });
});

test('upload errors are shown at their media field', () => {
  expect(
    fieldErrorsOf({
      'pictures_attributes.0.file': ['Screenshots must be between 720x480 and 1920x1080'],
      small_logo: ['Invalid file type'],
      'showcase_video_attributes.external_url': ['Unknown video'],
      tagline: ['This field is required'],
    }),
  ).toEqual({
    pictures: ['Screenshots must be between 720x480 and 1920x1080'],
    small_logo: ['Invalid file type'],
    showcase_video: ['Unknown video'],
    tagline: ['This field is required'],
  });
});
