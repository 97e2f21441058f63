/**
 * The listing editor's values: what the form holds, built from a submission, compared with the
 * saved one (modified, changed fields) and turned into a save body. Media are not form values:
 * each upload or removal is saved at once (docs/decisions.md, "Marketplace editor").
 */
import type { ListingRuleOptions, ListingValues, Submission } from '@portal/contracts';
import { EMPTY_SECURITY_QUESTIONNAIRE } from '@portal/contracts';
import { LISTING_FEATURE_BULLETS, LISTING_PUBLIC_NAME_MAX_LENGTH } from '@portal/contracts/limits';

/** Staff-only fields the admin mode edits beside the listing. */
export const STAFF_FORM_FIELDS = [
  'admin_message',
  'notes',
  'beta',
  'security_badge',
  'is_concierge_app',
  'made_by_procore',
  'procore_certified_partner',
] as const;
export type StaffField = (typeof STAFF_FORM_FIELDS)[number];

export type FormValues = Omit<ListingValues, 'small_logo_url' | 'pictures' | 'videos' | 'showcase_video'> & {
  admin_message: string | null;
  notes: string | null;
  beta: boolean;
  security_badge: boolean;
  is_concierge_app: boolean;
  made_by_procore: boolean;
  procore_certified_partner: boolean;
};

const atLeastOne = <T>(rows: T[], empty: T): T[] => (rows.length ? rows : [empty]);

/**
 * The form's values for a submission (or an empty listing, its public name `defaultPublicName`, cut
 * to the limit); list fields keep at least one row.
 */
export function valuesOf(submission: Submission | null, defaultPublicName?: string): FormValues {
  const s = submission;
  const bullets = [...(s?.feature_bullets ?? [])];
  while (bullets.length < LISTING_FEATURE_BULLETS) bullets.push(null);
  return {
    public_name: s
      ? s.public_name
      : defaultPublicName?.trim().slice(0, LISTING_PUBLIC_NAME_MAX_LENGTH) || null,
    tagline: s?.tagline ?? null,
    description: s?.description ?? null,
    about: s?.about ?? null,
    built_by: s?.built_by ?? null,
    sold_by: s?.sold_by ?? null,
    how_it_works: s?.how_it_works ?? null,
    category_ids: s?.category_ids ?? [],
    app_version_id: s?.app_version_id ?? null,
    app_version: s?.app_version ?? null,
    draft_developer_notes: s?.draft_developer_notes ?? null,
    feature_bullets: bullets,
    helpful_links: atLeastOne(s?.helpful_links ?? [], { label: null, url: null }),
    requirements: atLeastOne(s?.requirements ?? [], null),
    product_tools: s?.product_tools ?? {},
    regions: s?.regions ?? {},
    countries: s?.countries ?? {},
    support_email: s?.support_email ?? null,
    website_link: s?.website_link ?? { label: null, url: null },
    contact_us_email: s?.contact_us_email ?? null,
    learn_how_url: s?.learn_how_url ?? null,
    create_lead: s?.create_lead ?? false,
    subscription_required: s?.subscription_required ?? null,
    connector_required: s?.connector_required ?? null,
    has_trials: s?.has_trials ?? null,
    pricing_url: s?.pricing_url ?? null,
    pricing_description: s?.pricing_description ?? null,
    security_questionnaire: { ...EMPTY_SECURITY_QUESTIONNAIRE, ...(s?.security_questionnaire ?? {}) },
    admin_message: s?.admin_message ?? null,
    notes: s?.notes ?? null,
    beta: s?.beta ?? false,
    security_badge: s?.security_badge ?? false,
    is_concierge_app: s?.is_concierge_app ?? false,
    made_by_procore: s?.made_by_procore ?? false,
    procore_certified_partner: s?.procore_certified_partner ?? false,
  };
}

/** What is stored: blank rows of the link and requirement lists are left out, flags only when set. */
function stored(values: FormValues, field: keyof FormValues): unknown {
  switch (field) {
    case 'helpful_links':
      return values.helpful_links.filter((link) => link.label?.trim() || link.url?.trim());
    case 'requirements':
      return values.requirements.filter((requirement) => requirement?.trim());
    case 'website_link':
      return values.website_link?.label || values.website_link?.url ? values.website_link : null;
    case 'product_tools':
    case 'regions':
    case 'countries':
      return Object.fromEntries(
        Object.entries(values[field])
          .filter(([, on]) => on)
          .sort(),
      );
    default:
      return values[field];
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields whose stored value differs (staff-only fields only in the admin mode). */
export function changedFields(base: FormValues, current: FormValues, admin: boolean): (keyof FormValues)[] {
  return (Object.keys(current) as (keyof FormValues)[]).filter(
    (field) =>
      (admin || !(STAFF_FORM_FIELDS as readonly string[]).includes(field)) &&
      !same(stored(base, field), stored(current, field)),
  );
}

/** The save body: the changed fields, as stored. */
export function saveBody(base: FormValues, current: FormValues, admin: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of changedFields(base, current, admin)) {
    const value = stored(current, field);
    // Every region or country that was on and is now off is sent as false, so it is cleared.
    if (field === 'regions' || field === 'countries' || field === 'product_tools') {
      const off = Object.fromEntries(
        [...Object.keys(base[field]), ...Object.keys(current[field])]
          .filter((key) => !current[field][key])
          .map((key) => [key, false]),
      );
      body[field] = { ...off, ...(value as Record<string, boolean>) };
    } else body[field] = value;
  }
  return body;
}

/** The listing as the shared rules read it: the form's values plus the submission's media. */
export function ruleValues(values: FormValues, submission: Submission | null): ListingValues {
  return {
    ...values,
    helpful_links: stored(values, 'helpful_links') as ListingValues['helpful_links'],
    requirements: stored(values, 'requirements') as ListingValues['requirements'],
    small_logo_url: submission?.small_logo_url ?? null,
    pictures: submission?.pictures ?? [],
    videos: submission?.videos ?? [],
    showcase_video: submission?.showcase_video ?? null,
  };
}

export type RuleFlags = Pick<ListingRuleOptions, 'fedramp' | 'securityQuestionnaire'>;

/** Drops the errors of a field path and everything under it (`website_link` drops `website_link.url`). */
export function withoutErrors(errors: Record<string, string[]>, path: string): Record<string, string[]> {
  const head = path.split('.')[0]!;
  return Object.fromEntries(
    Object.entries(errors).filter(([key]) => key !== path && !key.startsWith(`${path}.`) && key !== head),
  );
}

/** What a file dropped on the editor is: each kind is saved at once, with its own progress. */
export type MediaKind = 'logo' | 'picture' | 'showcase_video' | 'video' | 'document';

/** Where a media kind's errors are shown (and cleared when a new file of that kind is dropped). */
export const mediaErrorPath = (kind: MediaKind): string =>
  kind === 'logo' ? 'small_logo' : kind === 'showcase_video' || kind === 'document' ? kind : `${kind}s`;

/** Upload fields the server names by their attribute path, shown at the media field they belong to. */
const MEDIA_ERROR_FIELDS: [RegExp, string][] = [
  [/^pictures_attributes(\.|$)/, 'pictures'],
  [/^videos_attributes(\.|$)/, 'videos'],
  [/^showcase_video_attributes(\.|$)/, 'showcase_video'],
  [/^small_logo(\.|$)/, 'small_logo'],
  [/^security_questionnaire_document_attributes(\.|$)/, 'document'],
];

/** A 422's field errors, the upload ones moved to their media field (`pictures_attributes.0.file` → `pictures`). */
export function fieldErrorsOf(fields: Record<string, string[]>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(fields)) {
    const key = MEDIA_ERROR_FIELDS.find(([pattern]) => pattern.test(path))?.[1] ?? path;
    errors[key] = [...new Set([...(errors[key] ?? []), ...messages])];
  }
  return errors;
}
