import { z } from 'zod';
import { pageQuery, SearchFilter, sortParam } from './pagination.ts';
import { ADMIN_PER_PAGE } from './rules/limits.ts';
import { BUCKET_NAME_MAX_LENGTH, BUCKET_TEMPLATES_MAX, QUOTA_COST_MAX } from './rules/quota-buckets.ts';
import { timestamps } from './shapes.ts';

/**
 * One template as sent: ranges and names are checked by the service (bucketTemplateErrors), so a
 * wrong value is a 400 with the message the page shows in its alert (spec admin §8).
 */
export const BucketTemplateBody = z.strictObject({
  name: z.string().max(20),
  fill_type: z.string().max(20),
  limit: z.number(),
  interval_ms: z.number(),
  server: z.string().max(100).optional(),
});

/** Spec admin §3, §7: the bucket in `data`. */
export const BucketFields = z.strictObject({
  name: z.string().max(BUCKET_NAME_MAX_LENGTH * 2),
  client_id: z.string().max(200),
  domain: z.string().max(200),
  bucket_templates: z.array(BucketTemplateBody).max(BUCKET_TEMPLATES_MAX * 4),
  /** Shadow mode (Envoy's soft launch): counts would-be 429s without refusing. */
  shadow: z.boolean().optional(),
});

export const CreateBucketBody = z.strictObject({ data: BucketFields });
export type CreateBucketBody = z.infer<typeof CreateBucketBody>;
export const UpdateBucketBody = z.strictObject({ data: BucketFields.partial() });
export type UpdateBucketBody = z.infer<typeof UpdateBucketBody>;

export const BucketTemplate = z.object({
  name: z.string(),
  fill_type: z.string(),
  limit: z.number(),
  interval_ms: z.number(),
  server: z.string(),
});
export type BucketTemplate = z.infer<typeof BucketTemplate>;

export const QuotaBucket = z.object({
  id: z.string(),
  name: z.string(),
  client_id: z.string(),
  /** The OAuth application's client id. */
  domain: z.string(),
  /** The app the domain belongs to, as the admin OAuth list names it. */
  app_name: z.string(),
  server: z.string(),
  /** Spec admin §3 "ids per server": this bucket's id on its server. */
  ids: z.record(z.string(), z.string()),
  shadow: z.boolean(),
  bucket_templates: z.array(BucketTemplate),
  ...timestamps,
});
export type QuotaBucket = z.infer<typeof QuotaBucket>;

export const QuotaBucketsQuery = pageQuery(ADMIN_PER_PAGE).extend({
  sort: sortParam(['name', 'created_at'], 'name'),
  ...SearchFilter.shape,
});
export type QuotaBucketsQuery = z.infer<typeof QuotaBucketsQuery>;

export const QuotaServers = z.object({ servers: z.array(z.string()) });
export type QuotaServers = z.infer<typeof QuotaServers>;

/** Per day: requests seen, refused (enforced) and would-be refused (shadow). */
export const BucketTrafficDay = z.object({
  day: z.string(),
  requests: z.number(),
  refused: z.number(),
  would_refuse: z.number(),
});
export const BucketTraffic = z.object({ days: z.array(BucketTrafficDay) });
export type BucketTraffic = z.infer<typeof BucketTraffic>;

/** The impact preview: proposed templates replayed over the recorded traffic. */
export const ImpactPreviewBody = z.strictObject({
  data: z.strictObject({ bucket_templates: BucketFields.shape.bucket_templates }),
});
export type ImpactPreviewBody = z.infer<typeof ImpactPreviewBody>;
export const ImpactPreview = z.object({
  app_name: z.string(),
  days: z.number(),
  requests: z.number(),
  would_throttle: z.number(),
  /** Of `requests`, those replayed from the app's API usage per day, before the bucket existed. */
  requests_from_api_usage: z.number(),
  message: z.string(),
});
export type ImpactPreview = z.infer<typeof ImpactPreview>;

/** `POST /quota_minder/check` (gateways, `service` access): charge one request of a client. */
export const QuotaCheckBody = z.strictObject({
  server: z.string().max(100),
  client_id: z.string().min(1).max(200),
  cost: z.number().int().min(1).max(QUOTA_COST_MAX).optional(),
});
export type QuotaCheckBody = z.infer<typeof QuotaCheckBody>;
export const QuotaCheckResult = z.object({
  allowed: z.boolean(),
  shadow: z.boolean(),
  headers: z.record(z.string(), z.string()),
});
export type QuotaCheckResult = z.infer<typeof QuotaCheckResult>;

/** `GET /admin/quota_minder_status`: this instance's bucket store and its insurance limiter. */
export const QuotaStatus = z.object({
  store: z.enum(['redis', 'memory']),
  redis_down: z.boolean(),
  /** Requests admitted by the insurance limiter (limit ÷ instances) since this process started. */
  insurance_admissions: z.number(),
  instances: z.number(),
});
export type QuotaStatus = z.infer<typeof QuotaStatus>;
