/**
 * The listing form's field interactions (spec developer-apps §4 "Listing field interactions") as pure
 * functions: regions with their countries (tri-state), the all-regions switch and its inference,
 * the contact option, media removal, and the tabs with their progress. Zod-free, so web chunks
 * import it through `@portal/contracts/marketplace-listing-fields`.
 */
import { MARKETPLACE_REGIONS } from './marketplace-catalog.ts';

export type RegionSelection = { regions: Record<string, boolean>; countries: Record<string, boolean> };
export type RegionCheckState = 'checked' | 'indeterminate' | 'unchecked';

const regionById = (id: string) => MARKETPLACE_REGIONS.find((region) => region.id === id);

/** A region's box: ticked when all its countries are, indeterminate when only some are. */
export function regionCheckState(selection: RegionSelection, regionId: string): RegionCheckState {
  const region = regionById(regionId);
  if (!region) return 'unchecked';
  const ticked = region.countries.filter((code) => selection.countries[code]).length;
  if (ticked === region.countries.length) return 'checked';
  if (ticked > 0) return 'indeterminate';
  // A region ticked without country detail (older data) still counts as the whole region.
  return selection.regions[regionId] ? 'checked' : 'unchecked';
}

/** Picking a region ticks (or unticks) all its countries. */
export function toggleRegion(
  selection: RegionSelection,
  regionId: string,
  checked: boolean,
): RegionSelection {
  const region = regionById(regionId);
  if (!region) return selection;
  const countries = { ...selection.countries };
  for (const code of region.countries) countries[code] = checked;
  return { regions: { ...selection.regions, [regionId]: checked }, countries };
}

/** Ticking a country; its region is ticked exactly when all of the region's countries are. */
export function toggleCountry(selection: RegionSelection, code: string, checked: boolean): RegionSelection {
  const countries = { ...selection.countries, [code]: checked };
  const regions = { ...selection.regions };
  for (const region of MARKETPLACE_REGIONS) {
    if (region.countries.includes(code)) regions[region.id] = region.countries.every((c) => countries[c]);
  }
  return { regions, countries };
}

/** The all-regions switch marks every region and country (or clears them all). */
export function selectAllRegions(checked: boolean): RegionSelection {
  const regions: Record<string, boolean> = {};
  const countries: Record<string, boolean> = {};
  for (const region of MARKETPLACE_REGIONS) {
    regions[region.id] = checked;
    for (const code of region.countries) countries[code] = checked;
  }
  return { regions, countries };
}

/**
 * The all-regions switch's initial state: true only when every region and country is ticked,
 * null when nothing is set at all, false otherwise.
 */
export function inferAllRegions(selection: RegionSelection): boolean | null {
  const set = [...Object.values(selection.regions), ...Object.values(selection.countries)];
  if (!set.some(Boolean))
    return Object.keys(selection.regions).length + Object.keys(selection.countries).length ? false : null;
  return MARKETPLACE_REGIONS.every(
    (region) => selection.regions[region.id] && region.countries.every((code) => selection.countries[code]),
  );
}

/** Whether the listing says where it is available (the region-or-country rule). */
export const hasRegionOrCountry = (selection: RegionSelection) =>
  [selection.regions, selection.countries].some((map) => Object.values(map).some(Boolean));

export const CONTACT_OPTIONS = ['contact_us', 'learn_how', 'lead'] as const;
export type ContactOption = (typeof CONTACT_OPTIONS)[number];
export type ContactFields = {
  contact_us_email: string | null;
  learn_how_url: string | null;
  create_lead: boolean;
};

/** The initial contact option: leads, else an e-mail, else a learn-how URL alone, else none yet. */
export function contactOptionOf(values: ContactFields): ContactOption | null {
  if (values.create_lead) return 'lead';
  if (values.contact_us_email) return 'contact_us';
  if (values.learn_how_url) return 'learn_how';
  return null;
}

/**
 * Choosing an option clears the others: contact-us keeps the e-mail, learn-how keeps the URL, leads
 * clear both. Leads are offered to platform employees only (the server refuses them from others).
 */
export function applyContactOption<T extends ContactFields>(values: T, option: ContactOption): T {
  switch (option) {
    case 'contact_us':
      return { ...values, create_lead: false, learn_how_url: null };
    case 'learn_how':
      return { ...values, create_lead: false, contact_us_email: null };
    case 'lead':
      return { ...values, create_lead: true, contact_us_email: null, learn_how_url: null };
  }
}

export type MediaChanges = { remove_media_ids: string[]; remove_small_logo: boolean };

/** Removing a saved picture, video or document sends its id in `remove_media_ids`. */
export const removeSavedMedia = (changes: MediaChanges, id: string): MediaChanges => ({
  ...changes,
  remove_media_ids: changes.remove_media_ids.includes(id)
    ? changes.remove_media_ids
    : [...changes.remove_media_ids, id],
});

/** Removing the logo sets `remove_small_logo`; choosing a new one clears it. */
export const setLogoRemoved = (changes: MediaChanges, removed: boolean): MediaChanges => ({
  ...changes,
  remove_small_logo: removed,
});

/** The form's tabs in order, with the field paths each one holds (errors are shown per tab). */
export const LISTING_TABS = [
  {
    key: 'app_information',
    title: 'App Information',
    fields: [
      'public_name',
      'tagline',
      'category_ids',
      'description',
      'how_it_works',
      'about',
      'built_by',
      'sold_by',
      'app_version_id',
      'app_version',
      'draft_developer_notes',
    ],
  },
  { key: 'media', title: 'Media Content', fields: ['small_logo', 'pictures', 'videos', 'showcase_video'] },
  {
    key: 'pricing',
    title: 'Pricing & Availability',
    fields: [
      'pricing_description',
      'pricing_url',
      'has_trials',
      'connector_required',
      'subscription_required',
      'regions',
      'countries',
      'region_or_country',
    ],
  },
  { key: 'support', title: 'Support', fields: ['support_email', 'website_link'] },
  { key: 'features', title: 'Features', fields: ['feature_bullets'] },
  {
    key: 'contact',
    title: 'Contact',
    fields: ['contact_us_email', 'learn_how_url', 'create_lead', 'contact_or_learn_how'],
  },
  { key: 'security', title: 'Security & Compliance', fields: ['security_questionnaire'] },
  { key: 'links', title: 'Links', fields: ['helpful_links'] },
  { key: 'product_tools', title: 'Required Procore Tools', fields: ['product_tools'] },
  { key: 'requirements', title: 'Integration Requirements', fields: ['requirements'] },
] as const;
export type ListingTabKey = (typeof LISTING_TABS)[number]['key'];

/** Tabs whose completion the progress bar counts (the optional ones are never "incomplete"). */
const REQUIRED_TABS: readonly ListingTabKey[] = [
  'app_information',
  'media',
  'pricing',
  'support',
  'features',
  'contact',
];

/** The tab a field path (`website_link.url`, `feature_bullets.2`) belongs to. */
export function tabOfField(path: string): ListingTabKey | null {
  const head = path.split('.')[0]!;
  return LISTING_TABS.find((tab) => (tab.fields as readonly string[]).includes(head))?.key ?? null;
}

/** The tabs holding at least one of the errors (keyed by field path). */
export function tabsWithErrors(errors: Record<string, unknown>): Set<ListingTabKey> {
  const tabs = new Set<ListingTabKey>();
  for (const path of Object.keys(errors)) {
    const tab = tabOfField(path);
    if (tab) tabs.add(tab);
  }
  return tabs;
}

/**
 * 'N of M sections completed' (spec developer-apps §2): the required tabs (plus Security & Compliance when
 * the deployment shows it) without an error of the for-review validation, and its percentage.
 */
export function listingProgress(
  reviewErrors: Record<string, unknown>,
  options: { securityQuestionnaire: boolean },
): { completed: number; total: number; percent: number } {
  const required = options.securityQuestionnaire ? [...REQUIRED_TABS, 'security' as const] : REQUIRED_TABS;
  const failing = tabsWithErrors(reviewErrors);
  const completed = required.filter((tab) => !failing.has(tab)).length;
  return { completed, total: required.length, percent: Math.round((completed / required.length) * 100) };
}
