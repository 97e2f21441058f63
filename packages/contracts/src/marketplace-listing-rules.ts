/**
 * The marketplace listing's one validation (spec developer-apps §5 "Marketplace listing"), used by the
 * server (the authority: every save and every submission) and by the web form. All problems are
 * collected, each keyed by its field path (`website_link.url`, `feature_bullets.1`,
 * `security_questionnaire.security_email`) with the spec's message.
 *
 * Two strengths: a draft (`forReview: false`) is checked for what can never be right — limits,
 * formats, unknown catalogue ids; a submission for review (`forReview: true`) must also be
 * complete — required fields, at least 3 screenshots, a region or country, a way to be contacted.
 */
import {
  CONTACT_OR_LEARN_HOW_KEY,
  ListingValues,
  LISTING_MESSAGES as M,
  REGION_OR_COUNTRY_KEY,
  SECURITY_QUESTIONS,
  type SecurityQuestionnaire,
} from './marketplace-listing.ts';
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
type Add = (path: Path, message: string) => void;

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

/**
 * The rules of one field: a blank value is a problem only when it is required and this is a review
 * (`review`); a given value is checked (too long, not an e-mail, not a URL, not a known id).
 */
function fieldRules(add: Add, review: boolean) {
  const given = (
    path: Path,
    value: string | null,
    required: boolean,
    problem: (value: string) => string | null,
  ) => {
    if (blank(value)) {
      if (required && review) add(path, M.required);
      return;
    }
    const message = problem(value!);
    if (message) add(path, message);
  };
  return {
    given,
    text: (path: Path, value: string | null, max: number, required: boolean) =>
      given(path, value, required, (v) => (v.length > max ? M.tooLong(max) : null)),
    email: (path: Path, value: string | null, required: boolean) =>
      given(path, value, required, (v) => (isValidEmail(v.trim()) ? null : M.email)),
    url: (path: Path, value: string | null, required: boolean) =>
      given(path, value, required, (v) => (isValidUrl(v.trim()) ? null : M.url)),
    yesNo: (path: Path, value: boolean | null) => {
      if (value === null && review) add(path, M.required);
    },
  };
}

const REGION_IDS = new Set(MARKETPLACE_REGIONS.map((region) => region.id));
const COUNTRY_CODES = new Set(MARKETPLACE_COUNTRY_CODES);
const TOOL_IDS = new Set(PRODUCT_TOOLS.map((tool) => tool.id));
const STANDARD_IDS = new Set(SECURITY_STANDARDS.map((standard) => standard.id));
const SSO_NAMES = new Set(SSO_PROVIDERS);

/** Every problem of the listing, in form order. */
export function listingProblems(values: ListingValues, options: ListingRuleOptions): ListingProblem[] {
  const problems: ListingProblem[] = [];
  const add: Add = (path, message) => problems.push({ path, message });
  const review = options.forReview;
  const rule = fieldRules(add, review);
  const knownKeys = (path: Path, map: Record<string, boolean>, known: Set<string>, what: string) => {
    for (const key of Object.keys(map)) if (!known.has(key)) add(path, M.unknown(what, key));
  };

  // App Information.
  rule.text(['public_name'], values.public_name, LISTING_PUBLIC_NAME_MAX_LENGTH, true);
  rule.text(['tagline'], values.tagline, LISTING_TAGLINE_MAX_LENGTH, true);
  if (values.category_ids.length === 0 && review) add(['category_ids'], M.required);
  if (values.category_ids.length > LISTING_CATEGORIES_MAX) add(['category_ids'], M.maxCategories);
  rule.text(['description'], values.description, LISTING_DESCRIPTION_MAX_LENGTH, true);
  rule.text(['how_it_works'], values.how_it_works, LISTING_HOW_IT_WORKS_MAX_LENGTH, true);
  rule.text(['about'], values.about, LISTING_LONG_TEXT_MAX_LENGTH, true);
  rule.text(['built_by'], values.built_by, LISTING_SHORT_TEXT_MAX_LENGTH, true);
  rule.text(['sold_by'], values.sold_by, LISTING_SHORT_TEXT_MAX_LENGTH, true);
  // The manifest version (a production version of the app) is picked in one field; its label
  // follows the pick, so a missing version is reported once, at the picker.
  rule.text(['app_version_id'], values.app_version_id, LISTING_SHORT_TEXT_MAX_LENGTH, true);
  rule.text(
    ['app_version'],
    values.app_version,
    LISTING_SHORT_TEXT_MAX_LENGTH,
    !blank(values.app_version_id),
  );
  rule.text(['draft_developer_notes'], values.draft_developer_notes, LISTING_LONG_TEXT_MAX_LENGTH, true);

  // Media Content.
  if (blank(values.small_logo_url) && review) add(['small_logo'], M.required);
  if (values.pictures.length < LISTING_PICTURES_MIN && review)
    add(['pictures'], M.atLeast(LISTING_PICTURES_MIN));
  if (values.pictures.length > LISTING_PICTURES_MAX) add(['pictures'], M.atMost(LISTING_PICTURES_MAX));
  if (values.videos.length > LISTING_VIDEOS_MAX) add(['videos'], M.atMost(LISTING_VIDEOS_MAX));
  if (!values.showcase_video && review && !options.fedramp) add(['showcase_video'], M.required);

  // Pricing & Availability.
  rule.text(['pricing_description'], values.pricing_description, LISTING_LONG_TEXT_MAX_LENGTH, true);
  rule.url(['pricing_url'], values.pricing_url, false);
  rule.yesNo(['has_trials'], values.has_trials);
  rule.yesNo(['connector_required'], values.connector_required);
  rule.yesNo(['subscription_required'], values.subscription_required);
  knownKeys(['regions'], values.regions, REGION_IDS, 'region');
  knownKeys(['countries'], values.countries, COUNTRY_CODES, 'country');
  const anyPlace = [values.regions, values.countries].some((map) => Object.values(map).some(Boolean));
  if (!anyPlace && review) add([REGION_OR_COUNTRY_KEY], M.regionOrCountry);

  // Support.
  rule.email(['support_email'], values.support_email, true);
  rule.url(['website_link', 'url'], values.website_link?.url ?? null, true);
  rule.text(
    ['website_link', 'label'],
    values.website_link?.label ?? null,
    LISTING_SHORT_TEXT_MAX_LENGTH,
    true,
  );

  // Features: three bullet slots, each required.
  if (values.feature_bullets.length > LISTING_FEATURE_BULLETS)
    add(['feature_bullets'], M.atMost(LISTING_FEATURE_BULLETS));
  for (let i = 0; i < LISTING_FEATURE_BULLETS; i++)
    rule.text(
      ['feature_bullets', i],
      values.feature_bullets[i] ?? null,
      LISTING_FEATURE_BULLET_MAX_LENGTH,
      true,
    );

  // Contact: an e-mail, a learn-how URL, or leads.
  rule.email(['contact_us_email'], values.contact_us_email, false);
  rule.url(['learn_how_url'], values.learn_how_url, false);
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
    rule.text(['helpful_links', i, 'label'], link.label, LISTING_SHORT_TEXT_MAX_LENGTH, false);
    if (blank(link.label)) add(['helpful_links', i, 'label'], M.required);
    rule.url(['helpful_links', i, 'url'], link.url, false);
    if (blank(link.url)) add(['helpful_links', i, 'url'], M.required);
  });

  // Required tools and integration requirements.
  knownKeys(['product_tools'], values.product_tools, TOOL_IDS, 'tool');
  if (values.requirements.length > LISTING_REQUIREMENTS_MAX)
    add(['requirements'], M.atMost(LISTING_REQUIREMENTS_MAX));
  values.requirements.forEach((requirement, i) => {
    rule.text(['requirements', i], requirement, LISTING_SHORT_TEXT_MAX_LENGTH, false);
  });

  securityProblems(values.security_questionnaire, options, add);
  return problems;
}

function securityProblems(q: SecurityQuestionnaire, options: ListingRuleOptions, add: Add) {
  const at = (field: string): Path => ['security_questionnaire', field];
  // Shown only with the deployment's flag on and the developer's switch on; then it is complete.
  const review = options.forReview && options.securityQuestionnaire && q.security_questionnaire_visible;
  const rule = fieldRules(add, review);
  const unknownCountry = (code: string) =>
    MARKETPLACE_COUNTRY_CODES.includes(code) ? null : M.unknown('country', code);

  rule.text(at('company_legal_name'), q.company_legal_name, LISTING_SHORT_TEXT_MAX_LENGTH, true);
  rule.text(at('company_headquarters'), q.company_headquarters, LISTING_SHORT_TEXT_MAX_LENGTH, false);
  rule.given(at('headquarters_country'), q.headquarters_country, true, unknownCountry);
  if (q.data_processing_countries.length === 0 && review) add(at('data_processing_countries'), M.atLeast(1));
  for (const code of q.data_processing_countries)
    if (unknownCountry(code)) add(at('data_processing_countries'), unknownCountry(code)!);

  for (const question of SECURITY_QUESTIONS)
    if (q[question] === null && review) add(at(question), M.required);

  // Details (and the contact and disclosure fields) are asked for exactly when the answer is yes.
  const long = LISTING_LONG_TEXT_MAX_LENGTH;
  rule.text(at('subprocessors_details'), q.subprocessors_details, long, q.has_subprocessors === true);
  rule.text(
    at('sensitive_data_handling_details'),
    q.sensitive_data_handling_details,
    long,
    q.has_sensitive_data === true,
  );
  rule.email(at('security_email'), q.security_email, q.has_security_contact === true);
  rule.url(at('disclosure_program_url'), q.disclosure_program_url, q.has_disclosure_program === true);

  for (const id of q.security_standard_ids)
    if (!STANDARD_IDS.has(id)) add(at('security_standard_ids'), M.unknown('security standard', id));
  rule.text(at('other_security_standards'), q.other_security_standards, long, false);
  if (
    q.has_security_standards &&
    review &&
    !q.security_standard_ids.length &&
    blank(q.other_security_standards)
  )
    add(at('security_standard_ids'), M.required);

  for (const name of q.sso_providers)
    if (!SSO_NAMES.has(name)) add(at('sso_providers'), M.unknown('SSO provider', name));
  rule.text(at('other_sso_providers'), q.other_sso_providers, long, false);
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
