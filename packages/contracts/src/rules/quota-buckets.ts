/**
 * Rate-limit buckets (spec admin §3, §9): servers, default templates, bounds and the messages the
 * bucket page shows in its alert. Zod-free: the server checks with these, the web prefills with them.
 */

/** Spec admin §9: the servers when no QA host is configured (each its own namespace of buckets). */
export const QUOTA_SERVERS = [
  'Production_US01',
  'Production_US02',
  'Production_UK01',
  'Monthly_Sandbox_US01',
  'Monthly_Sandbox_US02',
  'Integrator_Sandbox',
] as const;
/** Spec admin §9: the only server on the QA host. */
export const QUOTA_QA_SERVER = 'Staging';

export const BUCKET_TEMPLATE_NAMES = ['main', 'spike'] as const;
export const BUCKET_FILL_TYPES = ['count', 'quota'] as const;
export type BucketTemplateName = (typeof BUCKET_TEMPLATE_NAMES)[number];
export type BucketFillType = (typeof BUCKET_FILL_TYPES)[number];

/** Spec admin §9: the add-bucket form's templates, and a new extra template's values. */
export const DEFAULT_BUCKET_TEMPLATES = [
  { name: 'main', fill_type: 'count', interval_ms: 3_600_000, limit: 7200 },
  { name: 'spike', fill_type: 'count', interval_ms: 10_000, limit: 100 },
] as const;
export const EXTRA_BUCKET_TEMPLATE = {
  name: 'spike',
  fill_type: 'count',
  interval_ms: 10_000,
  limit: 100,
} as const;

/** Spec admin §3: a bucket's client_id must be '*'. */
export const BUCKET_CLIENT_ID = '*';

/** Bounds that keep the bucket arithmetic exact in integers (docs/decisions.md, "Rate-limit buckets"). */
export const BUCKET_LIMIT_MAX = 1_000_000;
export const BUCKET_INTERVAL_MIN_MS = 1_000;
export const BUCKET_INTERVAL_MAX_MS = 31 * 24 * 3_600_000;
export const BUCKET_TEMPLATES_MAX = 5;
export const BUCKET_NAME_MAX_LENGTH = 100;
/** A `quota` template's declared cost per request is at most this (and at most its capacity). */
export const QUOTA_COST_MAX = 10_000;
/** The impact preview replays this many days of recorded traffic. */
export const IMPACT_PREVIEW_DAYS = 7;

export type BucketTemplateInput = {
  name: string;
  fill_type: string;
  limit: number;
  interval_ms: number;
  server?: string | undefined;
};

const whole = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;
const grouped = (n: number) => n.toLocaleString('en-US');

/**
 * What is wrong with a bucket's templates on `server`, as messages keyed by field path
 * (`bucket_templates.1.limit`); empty when they are fine.
 */
export function bucketTemplateErrors(
  templates: BucketTemplateInput[],
  server: string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (templates.length === 0) errors.bucket_templates = 'A bucket needs at least one template';
  if (templates.length > BUCKET_TEMPLATES_MAX)
    errors.bucket_templates = `A bucket has at most ${BUCKET_TEMPLATES_MAX} templates`;
  templates.forEach((t, i) => {
    const at = `bucket_templates.${i}`;
    const label = `Template ${i + 1}`;
    if (!(BUCKET_TEMPLATE_NAMES as readonly string[]).includes(t.name))
      errors[`${at}.name`] = `${label}: name must be main or spike`;
    if (!(BUCKET_FILL_TYPES as readonly string[]).includes(t.fill_type))
      errors[`${at}.fill_type`] = `${label}: fill type must be count or quota`;
    if (!whole(t.limit, 1, BUCKET_LIMIT_MAX))
      errors[`${at}.limit`] = `${label}: limit must be a whole number from 1 to ${grouped(BUCKET_LIMIT_MAX)}`;
    if (!whole(t.interval_ms, BUCKET_INTERVAL_MIN_MS, BUCKET_INTERVAL_MAX_MS))
      errors[`${at}.interval_ms`] =
        `${label}: interval must be a whole number of milliseconds from ${grouped(BUCKET_INTERVAL_MIN_MS)} to ${grouped(BUCKET_INTERVAL_MAX_MS)}`;
    if (t.server !== undefined && t.server !== server)
      errors[`${at}.server`] = `${label}: server must be ${server}, the bucket's server`;
  });
  return errors;
}
