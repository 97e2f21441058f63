import { z } from 'zod';
import {
  Contact,
  OAUTH_ENVIRONMENTS,
  OauthSettings,
  PRODUCTION_ACCESS,
  SandboxOauthApp,
  UpdateDeveloperAppBody,
  UpdateSandboxBody,
} from './developer-apps.ts';
import { pageQuery, SearchFilter, sortParam } from './pagination.ts';
import { ADMIN_PER_PAGE, APP_NAME_MAX_LENGTH, SEARCH_MAX_LENGTH } from './rules/limits.ts';
import { timestamps } from './shapes.ts';

const userId = z.string().min(1).max(100);
/** `filters[owner_id][]`: one id, or the key repeated. */
const ownerIds = z.union([userId, z.array(userId).max(50)]).optional();
const flag = z.enum(['true', 'false']).optional();

/** The filters of the staff lists of apps: a search, owners, in review, deleted ones too. */
const appListFilters = {
  ...SearchFilter.shape,
  'filters[owner_id][]': ownerIds,
  'filters[in_review]': flag,
  'filters[with_deleted]': flag,
};

/** `GET /admin/developer_apps` (spec admin §7). */
export const AdminDeveloperAppsQuery = pageQuery(ADMIN_PER_PAGE).extend({
  ...appListFilters,
  sort: sortParam(['internal_name', 'created_at', 'updated_at'], '-created_at'),
});
export type AdminDeveloperAppsQuery = z.infer<typeof AdminDeveloperAppsQuery>;

/** A row of the admin apps list (spec admin §2). */
export const AdminDeveloperAppRow = z.object({
  id: z.string(),
  internal_name: z.string(),
  name: z.string().nullable(),
  published: z.boolean(),
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  ...timestamps,
  deleted_at: z.string().nullable(),
  /** The later of the listing's and the production manifest's submission, while in review. */
  in_review_at: z.string().nullable(),
});
export type AdminDeveloperAppRow = z.infer<typeof AdminDeveloperAppRow>;

/** `GET /admin/developers`: with `options=true`, rows are just `{id, email}` (created-by picker). */
/**
 * `GET /admin/developers`: the apps list's query shape (spec admin §7). The owner ids pick those
 * developers; in review keeps the owners of an app in review, of a deleted one too with with_deleted
 * (accounts themselves are never deleted, only disabled, and always listed).
 */
export const AdminDevelopersQuery = pageQuery(ADMIN_PER_PAGE).extend({
  ...appListFilters,
  sort: sortParam(['name', 'company_name', 'email', 'procore_id'], 'name'),
});
export type AdminDevelopersQuery = z.infer<typeof AdminDevelopersQuery>;

export const ADMIN_ROLES = ['developer', 'admin'] as const;

export const AdminDeveloper = z.object({
  id: z.string(),
  name: z.string(),
  company_name: z.string().nullable(),
  email: z.string(),
  procore_id: z.number().int(),
  role: z.enum(ADMIN_ROLES),
  employee: z.boolean(),
  disabled: z.boolean(),
  created_at: z.string(),
});
export type AdminDeveloper = z.infer<typeof AdminDeveloper>;

/** What the created-by picker needs (spec admin §7: items with id and email). */
export const DeveloperOption = z.object({ id: z.string(), email: z.string() });
export type DeveloperOption = z.infer<typeof DeveloperOption>;

/** `GET /admin/oauth_applications` (spec admin §7). */
export const AdminOauthApplicationsQuery = pageQuery(ADMIN_PER_PAGE).extend({
  ...SearchFilter.shape,
  environment: z.enum(OAUTH_ENVIRONMENTS).default('production'),
  'filters[name]': z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  'filters[uid]': z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  sort: sortParam(['name', 'uid'], 'name'),
});
export type AdminOauthApplicationsQuery = z.infer<typeof AdminOauthApplicationsQuery>;

/** An OAuth application row (spec admin §3): href is the associated developer app's admin page, if any. */
export const AdminOauthApplication = z.object({
  id: z.string(),
  name: z.string(),
  uid: z.string(),
  environment: z.enum(OAUTH_ENVIRONMENTS),
  href: z.string().nullable(),
  owner_name: z.string(),
  owner_email: z.string(),
});
export type AdminOauthApplication = z.infer<typeof AdminOauthApplication>;

/** `GET /admin/review_queue` (spec admin §2 Review Queue; the path is ours). */
export const ReviewQueueQuery = pageQuery(ADMIN_PER_PAGE).extend({
  ...appListFilters,
  sort: sortParam(['internal_name', 'owner', 'in_review_at'], '-in_review_at'),
});
export type ReviewQueueQuery = z.infer<typeof ReviewQueueQuery>;

/** A review queue row (spec admin §3). */
export const ReviewQueueRow = z.object({
  id: z.string(),
  internal_name: z.string(),
  owner: z.object({ email: z.string() }),
  has_marketplace_listing_in_review: z.boolean(),
  has_app_version_in_review: z.boolean(),
  has_published_app: z.boolean(),
  marketplace_listing_in_review_at: z.string().nullable(),
  app_version_in_review_at: z.string().nullable(),
  /** A production credentials request waits (production_access `production_pending`), since when. */
  has_production_access_request: z.boolean(),
  production_access_requested_at: z.string().nullable(),
  /** A request to enable the marketplace listing waits, since when. */
  has_marketplace_access_request: z.boolean(),
  marketplace_access_requested_at: z.string().nullable(),
});
export type ReviewQueueRow = z.infer<typeof ReviewQueueRow>;

/** `GET /admin/developer_apps/{id}` (spec admin §3's developer app, as staff see it; deleted apps too). */
export const AdminDeveloperApp = z.object({
  id: z.string(),
  internal_name: z.string(),
  name: z.string().nullable(),
  uid: z.string().nullable(),
  external_procore_owner_id: z.number().int(),
  owner_id: z.string(),
  owner: z.object({ id: z.string(), name: z.string(), email: z.string(), procore_id: z.number().int() }),
  production_access: z.enum(PRODUCTION_ACCESS),
  requested_confidential: z.boolean().nullable(),
  ...OauthSettings.shape,
  legacy: z.boolean(),
  connectable: z.boolean(),
  marketplace_enabled: z.boolean(),
  /** When the developer asked for the marketplace listing to be enabled; null when no request waits. */
  marketplace_access_requested_at: z.string().nullable(),
  published_at: z.string().nullable(),
  /** The logo, read through the staff route (deleted apps too); null without one. */
  thumbnail_url: z.string().nullable(),
  contacts: z.array(Contact),
  sandbox: SandboxOauthApp.nullable(),
  ...timestamps,
  deleted_at: z.string().nullable(),
});
export type AdminDeveloperApp = z.infer<typeof AdminDeveloperApp>;

/**
 * `PATCH /admin/developer_apps/{id}` body `developer_app` (spec admin §7): the app's settings, plus what
 * only staff change: `marketplace_enabled`, `owner_id` (owner change), `deleted_at: null`
 * (undelete), and `sandbox_attributes`.
 */
export const AdminUpdateDeveloperAppBody = z
  .object({
    developer_app: UpdateDeveloperAppBody.omit({ remove_thumbnail: true })
      .extend({
        marketplace_enabled: z.boolean(),
        owner_id: z.string().min(1).max(100),
        deleted_at: z.null(),
        sandbox_attributes: UpdateSandboxBody,
      })
      .partial()
      .strict(),
  })
  .strict();
export type AdminUpdateDeveloperAppBody = z.infer<typeof AdminUpdateDeveloperAppBody>;

/**
 * `PUT /admin/developer_apps/{id}` (spec admin §7): the logo. Multipart `developer_app[thumbnail]` attaches
 * one (PNG or JPEG, checked by content); `developer_app.remove_thumbnail: true` removes it. The
 * handler reads the body itself; these document it.
 */
export const AdminLogoForm = z
  .object({
    'developer_app[thumbnail]': z.file().describe('The logo: PNG or JPEG, at most 2 MB and 1024×1024 pixels'),
    'developer_app[remove_thumbnail]': z.string().describe('"true", "1" or "on" removes the logo'),
  })
  .partial()
  .strict();
export const AdminLogoJson = z
  .object({ developer_app: z.object({ remove_thumbnail: z.boolean() }).strict() })
  .strict();
/** What the logo PUT answers: the app, and a hint when the logo is not square and large enough. */
export const AdminLogoResponse = AdminDeveloperApp.extend({ thumbnail_notice: z.string().nullable() });
export type AdminLogoResponse = z.infer<typeof AdminLogoResponse>;

/** `POST /admin/developer_apps/{id}/production_access/deny`: the reason goes to the developer. */
export const DenyProductionAccessBody = z.object({ reason: z.string().trim().max(2000).optional() }).strict();
export type DenyProductionAccessBody = z.infer<typeof DenyProductionAccessBody>;

/** `PATCH /admin/developers/{id}` body `developer`: what staff may change on an account. */
export const AdminUpdateDeveloperBody = z
  .object({
    developer: z
      .object({
        name: z.string().trim().min(1, 'Name is required').max(APP_NAME_MAX_LENGTH),
        company_name: z.string().trim().max(APP_NAME_MAX_LENGTH).nullable(),
        email: z.email('Enter a valid e-mail address').max(254),
        procore_id: z.number().int().min(1).max(9_007_199_254_740_991),
        role: z.enum(ADMIN_ROLES),
        employee: z.boolean(),
        disabled: z.boolean(),
      })
      .partial()
      .strict(),
  })
  .strict();
export type AdminUpdateDeveloperBody = z.infer<typeof AdminUpdateDeveloperBody>;

export const AUDIT_SUBJECTS = [
  'developer_app',
  'developer',
  'announcement',
  'changelog_entry',
  'openapi_document',
  'quota_bucket',
] as const;

/** Every staff write the audit log records (the web shows each as words: `audit.actions.*`). */
export const AUDIT_ACTIONS = [
  'developer_app.update',
  'developer_app.owner_change',
  'developer_app.undelete',
  'developer_app.production_access_approve',
  'developer_app.production_access_deny',
  'developer_app.marketplace_access_approve',
  'developer_app.marketplace_access_deny',
  'developer_app.logo_upload',
  'developer_app.logo_remove',
  'developer_app.manifest_create',
  'developer_app.manifest_promote',
  'developer_app.manifest_approve',
  'developer_app.manifest_reject',
  'developer_app.listing_update',
  'developer_app.listing_approve',
  'developer_app.listing_reject',
  'developer.update',
  'developer.role_change',
  'developer.disable',
  'developer.enable',
  'announcement.create',
  'announcement.update',
  'announcement.delete',
  'changelog_entry.create',
  'changelog_entry.update',
  'changelog_entry.publish',
  'changelog_entry.delete',
  'openapi_document.import',
  'quota_bucket.create',
  'quota_bucket.update',
  'quota_bucket.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** `GET /admin/audit`: newest first; one subject's history with `filters[subject_id]`. */
export const AuditQuery = pageQuery(ADMIN_PER_PAGE).extend({
  'filters[subject_id]': z.string().min(1).max(100).optional(),
  'filters[action]': z.string().min(1).max(100).optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEvent = z.object({
  id: z.string(),
  actor_email: z.string(),
  action: z.string(),
  subject_type: z.enum(AUDIT_SUBJECTS),
  subject_id: z.string(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEvent = z.infer<typeof AuditEvent>;
