/**
 * The marketplace listing's one validation schema (spec developer-apps §5 "Marketplace listing"), used
 * by the server (the authority: every save and every submission) and by the web form. All problems
 * are collected, each keyed by its field path (`website_link.url`, `feature_bullets.1`,
 * `security_questionnaire.security_email`) with the spec's message.
 *
 * Two strengths: a draft (`forReview: false`) is checked for what can never be right — limits,
 * formats, unknown catalogue ids; a submission for review (`forReview: true`) must also be
 * complete — required fields, at least 3 screenshots, a region or country, a way to be contacted.
 */
import { z } from 'zod';
import {
  LISTING_CATEGORIES_MAX,
  LISTING_DESCRIPTION_MAX_LENGTH,
  LISTING_EMAIL_MAX_LENGTH,
  LISTING_FEATURE_BULLET_MAX_LENGTH,
  LISTING_FEATURE_BULLETS,
  LISTING_HELPFUL_LINKS_MAX,
  LISTING_HOW_IT_WORKS_MAX_LENGTH,
  LISTING_LONG_TEXT_MAX_LENGTH,
  LISTING_PICTURES_MAX,
  LISTING_PICTURES_MIN,
  LISTING_PUBLIC_NAME_MAX_LENGTH,
  LISTING_REQUIREMENTS_MAX,
  LISTING_SHORT_TEXT_MAX_LENGTH,
  LISTING_TAGLINE_MAX_LENGTH,
  LISTING_URL_MAX_LENGTH,
  LISTING_VIDEOS_MAX,
} from './rules/limits.ts';
import {
  MARKETPLACE_COUNTRY_CODES,
  MARKETPLACE_REGIONS,
  PRODUCT_TOOLS,
  SECURITY_STANDARDS,
  SSO_PROVIDERS,
} from './rules/marketplace-catalog.ts';

/** The field messages of spec developer-apps §5, and the few the spec leaves to us (docs/decisions.md). */
export const LISTING_MESSAGES = {
  required: 'This field is required',
  email: 'This email is invalid',
  url: 'This URL is invalid',
  tooLong: (max: number) => `Character limit exceeded (${max})`,
  atLeast: (count: number) => `At least ${count} items are required`,
  atMost: (count: number) => `At most ${count} items are allowed`,
  maxCategories: 'Max number of categories exceeded',
  regionOrCountry: 'You must select a region or country where your app is available',
  contactOrLearnHow: 'Add a contact email or a learn-how URL, or choose to create leads',
  invalidFileType: 'Invalid file type',
  unknown: (what: string, value: string | number) => `Unknown ${what}: ${value}`,
  /** The banner and 422 message when a submission for review is refused. */
  notValid: 'Please correct the errors below before submitting for review',
} as const;

/** Error keys of the cross-field rules (no single field holds them). */
export const REGION_OR_COUNTRY_KEY = 'region_or_country';
export const CONTACT_OR_LEARN_HOW_KEY = 'contact_or_learn_how';

const text = z.string().nullable();
const yesNo = z.boolean().nullable();

export const HelpfulLink = z.object({ label: text, url: text });
export type HelpfulLink = z.infer<typeof HelpfulLink>;

/** The yes/no questions of the security questionnaire, each required once it is shown. */
export const SECURITY_QUESTIONS = [
  'has_subprocessors',
  'has_sensitive_data',
  'has_security_contact',
  'has_security_audits',
  'has_security_standards',
  'has_penetration_testing',
  'can_notify_procore',
  'has_disclosure_program',
  'has_bug_bounty_program',
  'has_data_encryption_at_rest',
  'has_data_encryption_in_transit',
  'has_sso_support',
  'has_saml_support',
  'has_mfa_support',
  'has_fas_support',
] as const;
export type SecurityQuestion = (typeof SECURITY_QUESTIONS)[number];

export const SecurityQuestionnaire = z.object({
  security_questionnaire_visible: z.boolean(),
  company_legal_name: text,
  company_headquarters: text,
  /** A country code (ISO 3166-1 alpha-2). */
  headquarters_country: text,
  data_processing_countries: z.array(z.string()),
  ...(Object.fromEntries(SECURITY_QUESTIONS.map((key) => [key, yesNo])) as Record<
    SecurityQuestion,
    typeof yesNo
  >),
  subprocessors_details: text,
  sensitive_data_handling_details: text,
  security_email: text,
  security_standard_ids: z.array(z.number().int()),
  other_security_standards: text,
  disclosure_program_url: text,
  sso_providers: z.array(z.string()),
  other_sso_providers: text,
});
export type SecurityQuestionnaire = z.infer<typeof SecurityQuestionnaire>;

export const EMPTY_SECURITY_QUESTIONNAIRE: SecurityQuestionnaire = {
  security_questionnaire_visible: false,
  company_legal_name: null,
  company_headquarters: null,
  headquarters_country: null,
  data_processing_countries: [],
  ...(Object.fromEntries(SECURITY_QUESTIONS.map((key) => [key, null])) as Record<SecurityQuestion, null>),
  subprocessors_details: null,
  sensitive_data_handling_details: null,
  security_email: null,
  security_standard_ids: [],
  other_security_standards: null,
  disclosure_program_url: null,
  sso_providers: [],
  other_sso_providers: null,
};

/**
 * What the listing form holds (and the API answers): the fields of spec developer-apps §3 the rules read.
 * Media come as they are shown: the logo's URL, and lists of the saved (or chosen) pictures and videos.
 */
export const ListingValues = z.object({
  public_name: text,
  tagline: text,
  description: text,
  about: text,
  built_by: text,
  sold_by: text,
  how_it_works: text,
  category_ids: z.array(z.number().int()),
  app_version_id: text,
  app_version: text,
  draft_developer_notes: text,
  feature_bullets: z.array(text),
  helpful_links: z.array(HelpfulLink),
  requirements: z.array(text),
  product_tools: z.record(z.string(), z.boolean()),
  regions: z.record(z.string(), z.boolean()),
  countries: z.record(z.string(), z.boolean()),
  support_email: text,
  website_link: HelpfulLink.nullable(),
  contact_us_email: text,
  learn_how_url: text,
  create_lead: z.boolean(),
  subscription_required: yesNo,
  connector_required: yesNo,
  has_trials: yesNo,
  pricing_url: text,
  pricing_description: text,
  security_questionnaire: SecurityQuestionnaire,
  small_logo_url: text,
  pictures: z.array(z.unknown()),
  videos: z.array(z.unknown()),
  showcase_video: z.unknown().nullable(),
});
export type ListingValues = z.infer<typeof ListingValues>;

export type ListingRuleOptions = {
  /** Submitting for review: the listing must also be complete. */
  forReview: boolean;
  /** Government cloud (FedRAMP): video uploads are hidden, so no showcase video is required. */
  fedramp: boolean;
  /** The deployment's security questionnaire flag (security_and_compliance_enabled). */
  securityQuestionnaire: boolean;
};

type Path = Array<string | number>;
export type ListingProblem = { path: Path; message: string };

const blank = (value: string | null | undefined) => !value || value.trim() === '';

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export const isValidEmail = (value: string) => value.length <= LISTING_EMAIL_MAX_LENGTH && EMAIL.test(value);

/** An absolute http(s) URL with a host; nothing a browser would run (javascript:, data:). */
export function isValidUrl(value: string): boolean {
  if (value.length > LISTING_URL_MAX_LENGTH || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const REGION_IDS = new Set(MARKETPLACE_REGIONS.map((region) => region.id));
const COUNTRY_CODES = new Set(MARKETPLACE_COUNTRY_CODES);
const TOOL_IDS = new Set(PRODUCT_TOOLS.map((tool) => tool.id));
const STANDARD_IDS = new Set(SECURITY_STANDARDS.map((standard) => standard.id));
const SSO_NAMES = new Set(SSO_PROVIDERS);

/** Every problem of the listing, in form order. */
export function listingProblems(values: ListingValues, options: ListingRuleOptions): ListingProblem[] {
  const problems: ListingProblem[] = [];
  const add = (path: Path, message: string) => problems.push({ path, message });
  const review = options.forReview;
  const M = LISTING_MESSAGES;

  /** A text: required (for review), at most `max` characters. */
  const textRule = (path: Path, value: string | null, max: number, required: boolean) => {
    if (blank(value)) {
      if (required && review) add(path, M.required);
      return;
    }
    if (value!.length > max) add(path, M.tooLong(max));
  };
  const emailRule = (path: Path, value: string | null, required: boolean) => {
    if (blank(value)) {
      if (required && review) add(path, M.required);
    } else if (!isValidEmail(value!.trim())) add(path, M.email);
  };
  const urlRule = (path: Path, value: string | null, required: boolean) => {
    if (blank(value)) {
      if (required && review) add(path, M.required);
    } else if (!isValidUrl(value!.trim())) add(path, M.url);
  };
  const yesNoRule = (path: Path, value: boolean | null) => {
    if (value === null && review) add(path, M.required);
  };
  const knownKeys = (path: Path, map: Record<string, boolean>, known: Set<string>, what: string) => {
    for (const key of Object.keys(map)) if (!known.has(key)) add(path, M.unknown(what, key));
  };

  // App Information.
  textRule(['public_name'], values.public_name, LISTING_PUBLIC_NAME_MAX_LENGTH, true);
  textRule(['tagline'], values.tagline, LISTING_TAGLINE_MAX_LENGTH, true);
  if (values.category_ids.length === 0 && review) add(['category_ids'], M.required);
  if (values.category_ids.length > LISTING_CATEGORIES_MAX) add(['category_ids'], M.maxCategories);
  textRule(['description'], values.description, LISTING_DESCRIPTION_MAX_LENGTH, true);
  textRule(['how_it_works'], values.how_it_works, LISTING_HOW_IT_WORKS_MAX_LENGTH, true);
  textRule(['about'], values.about, LISTING_LONG_TEXT_MAX_LENGTH, true);
  textRule(['built_by'], values.built_by, LISTING_SHORT_TEXT_MAX_LENGTH, true);
  textRule(['sold_by'], values.sold_by, LISTING_SHORT_TEXT_MAX_LENGTH, true);
  // The manifest version (a production version of the app) is picked in one field; its label
  // follows the pick, so a missing version is reported once, at the picker.
  textRule(['app_version_id'], values.app_version_id, LISTING_SHORT_TEXT_MAX_LENGTH, true);
  textRule(['app_version'], values.app_version, LISTING_SHORT_TEXT_MAX_LENGTH, !blank(values.app_version_id));
  textRule(['draft_developer_notes'], values.draft_developer_notes, LISTING_LONG_TEXT_MAX_LENGTH, true);

  // Media Content.
  if (blank(values.small_logo_url) && review) add(['small_logo'], M.required);
  if (values.pictures.length < LISTING_PICTURES_MIN && review)
    add(['pictures'], M.atLeast(LISTING_PICTURES_MIN));
  if (values.pictures.length > LISTING_PICTURES_MAX) add(['pictures'], M.atMost(LISTING_PICTURES_MAX));
  if (values.videos.length > LISTING_VIDEOS_MAX) add(['videos'], M.atMost(LISTING_VIDEOS_MAX));
  if (!values.showcase_video && review && !options.fedramp) add(['showcase_video'], M.required);

  // Pricing & Availability.
  textRule(['pricing_description'], values.pricing_description, LISTING_LONG_TEXT_MAX_LENGTH, true);
  urlRule(['pricing_url'], values.pricing_url, false);
  yesNoRule(['has_trials'], values.has_trials);
  yesNoRule(['connector_required'], values.connector_required);
  yesNoRule(['subscription_required'], values.subscription_required);
  knownKeys(['regions'], values.regions, REGION_IDS, 'region');
  knownKeys(['countries'], values.countries, COUNTRY_CODES, 'country');
  const anyPlace = [values.regions, values.countries].some((map) => Object.values(map).some(Boolean));
  if (!anyPlace && review) add([REGION_OR_COUNTRY_KEY], M.regionOrCountry);

  // Support.
  emailRule(['support_email'], values.support_email, true);
  urlRule(['website_link', 'url'], values.website_link?.url ?? null, true);
  textRule(
    ['website_link', 'label'],
    values.website_link?.label ?? null,
    LISTING_SHORT_TEXT_MAX_LENGTH,
    true,
  );

  // Features: three bullet slots, each required.
  if (values.feature_bullets.length > LISTING_FEATURE_BULLETS)
    add(['feature_bullets'], M.atMost(LISTING_FEATURE_BULLETS));
  for (let i = 0; i < LISTING_FEATURE_BULLETS; i++)
    textRule(
      ['feature_bullets', i],
      values.feature_bullets[i] ?? null,
      LISTING_FEATURE_BULLET_MAX_LENGTH,
      true,
    );

  // Contact: an e-mail, a learn-how URL, or leads.
  emailRule(['contact_us_email'], values.contact_us_email, false);
  urlRule(['learn_how_url'], values.learn_how_url, false);
  const contactable =
    values.create_lead ||
    (!blank(values.contact_us_email) && isValidEmail(values.contact_us_email!.trim())) ||
    (!blank(values.learn_how_url) && isValidUrl(values.learn_how_url!.trim()));
  if (!contactable && review) add([CONTACT_OR_LEARN_HOW_KEY], M.contactOrLearnHow);

  // Links: up to 3; a row is either empty or has both a label and a valid URL.
  if (values.helpful_links.length > LISTING_HELPFUL_LINKS_MAX)
    add(['helpful_links'], M.atMost(LISTING_HELPFUL_LINKS_MAX));
  values.helpful_links.forEach((link, i) => {
    if (blank(link.label) && blank(link.url)) return;
    textRule(['helpful_links', i, 'label'], link.label, LISTING_SHORT_TEXT_MAX_LENGTH, false);
    if (blank(link.label)) add(['helpful_links', i, 'label'], M.required);
    urlRule(['helpful_links', i, 'url'], link.url, false);
    if (blank(link.url)) add(['helpful_links', i, 'url'], M.required);
  });

  // Required tools and integration requirements.
  knownKeys(['product_tools'], values.product_tools, TOOL_IDS, 'tool');
  if (values.requirements.length > LISTING_REQUIREMENTS_MAX)
    add(['requirements'], M.atMost(LISTING_REQUIREMENTS_MAX));
  values.requirements.forEach((requirement, i) => {
    textRule(['requirements', i], requirement, LISTING_SHORT_TEXT_MAX_LENGTH, false);
  });

  securityProblems(values.security_questionnaire, options, add);
  return problems;
}

function securityProblems(
  q: SecurityQuestionnaire,
  options: ListingRuleOptions,
  add: (path: Path, message: string) => void,
) {
  const M = LISTING_MESSAGES;
  const at = (field: string): Path => ['security_questionnaire', field];
  // Shown only with the deployment's flag on and the developer's switch on; then it is complete.
  const review = options.forReview && options.securityQuestionnaire && q.security_questionnaire_visible;
  const textRule = (field: string, value: string | null, max: number, required: boolean) => {
    if (blank(value)) {
      if (required && review) add(at(field), M.required);
    } else if (value!.length > max) add(at(field), M.tooLong(max));
  };

  textRule('company_legal_name', q.company_legal_name, LISTING_SHORT_TEXT_MAX_LENGTH, true);
  textRule('company_headquarters', q.company_headquarters, LISTING_SHORT_TEXT_MAX_LENGTH, false);
  if (blank(q.headquarters_country)) {
    if (review) add(at('headquarters_country'), M.required);
  } else if (!MARKETPLACE_COUNTRY_CODES.includes(q.headquarters_country!))
    add(at('headquarters_country'), M.unknown('country', q.headquarters_country!));
  if (q.data_processing_countries.length === 0 && review) add(at('data_processing_countries'), M.atLeast(1));
  for (const code of q.data_processing_countries)
    if (!MARKETPLACE_COUNTRY_CODES.includes(code))
      add(at('data_processing_countries'), M.unknown('country', code));

  for (const question of SECURITY_QUESTIONS)
    if (q[question] === null && review) add(at(question), M.required);

  // Details are asked for exactly when the matching answer is yes.
  const detail = (answer: boolean | null, field: string, value: string | null) =>
    textRule(field, value, LISTING_LONG_TEXT_MAX_LENGTH, answer === true);
  detail(q.has_subprocessors, 'subprocessors_details', q.subprocessors_details);
  detail(q.has_sensitive_data, 'sensitive_data_handling_details', q.sensitive_data_handling_details);

  if (blank(q.security_email)) {
    if (q.has_security_contact && review) add(at('security_email'), M.required);
  } else if (!isValidEmail(q.security_email!.trim())) add(at('security_email'), M.email);

  if (blank(q.disclosure_program_url)) {
    if (q.has_disclosure_program && review) add(at('disclosure_program_url'), M.required);
  } else if (!isValidUrl(q.disclosure_program_url!.trim())) add(at('disclosure_program_url'), M.url);

  for (const id of q.security_standard_ids)
    if (!STANDARD_IDS.has(id)) add(at('security_standard_ids'), M.unknown('security standard', id));
  textRule('other_security_standards', q.other_security_standards, LISTING_LONG_TEXT_MAX_LENGTH, false);
  if (
    q.has_security_standards &&
    review &&
    !q.security_standard_ids.length &&
    blank(q.other_security_standards)
  )
    add(at('security_standard_ids'), M.required);

  for (const name of q.sso_providers)
    if (!SSO_NAMES.has(name)) add(at('sso_providers'), M.unknown('SSO provider', name));
  textRule('other_sso_providers', q.other_sso_providers, LISTING_LONG_TEXT_MAX_LENGTH, false);
  if (q.has_sso_support && review && !q.sso_providers.length && blank(q.other_sso_providers))
    add(at('sso_providers'), M.required);
}

/** The problems keyed by field path (`website_link.url`), each path's messages in order. */
export function listingErrors(values: ListingValues, options: ListingRuleOptions): Record<string, string[]> {
  const fields: Record<string, string[]> = Object.create(null);
  for (const { path, message } of listingProblems(values, options)) {
    const key = path.join('.');
    fields[key] = [...(fields[key] ?? []), message];
  }
  return { ...fields };
}

/**
 * The schema for a form library (zod resolver): the values' types plus every rule, each problem an
 * issue at its path. `listingErrors` gives the same problems without going through zod.
 */
export function listingSchema(options: ListingRuleOptions) {
  return ListingValues.superRefine((values, ctx) => {
    for (const { path, message } of listingProblems(values, options))
      ctx.addIssue({ code: 'custom', path, message });
  });
}
