/**
 * The marketplace listing's values (spec developer-apps §3, §5 "Marketplace listing"): what the listing
 * form holds and the API answers, the security questionnaire, and the spec's field messages. The
 * rules that check them are in marketplace-listing-rules.ts.
 */
import { z } from 'zod';

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
