import { z } from 'zod';
import { pageQuery, SearchFilter } from './pagination.ts';
import { APP_ROLES } from './rules/app-roles.ts';
import { corsDomainError, redirectUriError } from './rules/app-validation.ts';
import { APP_NAME_MAX_LENGTH, APPS_PER_PAGE, REDIRECT_URI_MAX_LENGTH } from './rules/limits.ts';
import { booleans, timestamps } from './shapes.ts';

export const PRODUCTION_ACCESS = ['none', 'production_pending', 'production_approved'] as const;
export const SANDBOX_STATUSES = ['pending', 'live', 'failed'] as const;
export const OAUTH_ENVIRONMENTS = ['production', 'sandbox', 'monthly_sandbox'] as const;

export const INTERNAL_NAME_REQUIRED = 'Internal name is required';

const internalName = z
  .string({ error: INTERNAL_NAME_REQUIRED })
  .trim()
  .min(1, INTERNAL_NAME_REQUIRED)
  .max(APP_NAME_MAX_LENGTH);

/** A settings text checked by one of the shared app rules (the rule's message is the issue's). */
const checkedText = (
  rule: (value: string) => string | null,
  meta: { description: string; examples: string[] },
) =>
  z
    .string()
    .max(REDIRECT_URI_MAX_LENGTH)
    .superRefine((value, ctx) => {
      const message = rule(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .meta(meta);

const redirectUri = checkedText(redirectUriError, {
  description: 'One redirect URI per line: HTTPS, http://localhost, a custom scheme, or the out-of-band URI.',
  examples: ['https://app.example.com/callback', 'https://a.example.com/cb\nhttp://localhost:3000/cb', ''],
});

const corsDomains = checkedText(corsDomainError, {
  description: 'Comma-separated origins (scheme://host[:port], no path).',
  examples: ['https://app.example.com', 'https://a.example.com, http://localhost:3000', ''],
});

/** `POST /api/v1/developer_apps`. Creating an app accepts the terms and conditions. */
export const CreateDeveloperAppBody = z.strictObject({ internal_name: internalName });
export type CreateDeveloperAppBody = z.infer<typeof CreateDeveloperAppBody>;

const contactName = z.string().trim().min(1).max(120);
const contactEmail = z.email().max(254);

/** A contact as sent in the app's settings: an existing one keeps its `id`, a new one gets one. */
export const ContactInput = z.strictObject({
  id: z.uuid().optional(),
  name: contactName,
  email: contactEmail,
});
export type ContactInput = z.infer<typeof ContactInput>;

/** An app's contact (spec developer-apps §3: id, name, email, links.edit; the edit link is the web page). */
export const Contact = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  links: z.object({ edit: z.string() }),
});
export type Contact = z.infer<typeof Contact>;

/** `PATCH /api/v1/developer_apps/{id}/contacts/{contact_id}`: either field, or both. */
export const UpdateContactBody = z
  .object({ name: contactName, email: contactEmail })
  .partial()
  .strict()
  .refine((body) => body.name !== undefined || body.email !== undefined, {
    message: 'Send a name or an email',
  });
export type UpdateContactBody = z.infer<typeof UpdateContactBody>;

export const ContactParams = z.object({
  id: z.string().min(1).max(100),
  contact_id: z.string().min(1).max(100),
});

/** The editable fields (`developer_app[...]` in form data). */
export const UpdateDeveloperAppBody = z
  .object({
    internal_name: internalName,
    name: z.string().trim().max(APP_NAME_MAX_LENGTH).nullable(),
    redirect_uri: redirectUri,
    allowed_cors_domain: corsDomains,
    legacy: z.boolean(),
    connectable: z.boolean(),
    contacts: z.array(ContactInput).max(20),
    remove_thumbnail: z.boolean(),
  })
  .partial()
  .strict();
export type UpdateDeveloperAppBody = z.infer<typeof UpdateDeveloperAppBody>;

/**
 * `PATCH|PUT /api/v1/developer_apps/{id}` as JSON: the fields flat, or under `developer_app` (Rails
 * style, with `remove_thumbnail` beside it). The handler reads the body itself (JSON or form data),
 * so these two document it; UpdateDeveloperAppBody is what it validates.
 */
export const UpdateDeveloperAppJson = z.union([
  UpdateDeveloperAppBody,
  z.strictObject({ developer_app: UpdateDeveloperAppBody, remove_thumbnail: z.boolean().optional() }),
]);

const formText = (description: string) => z.string().describe(description);
/** …as multipart form data: one text part per field, `contacts` as JSON, and the logo file. */
export const UpdateDeveloperAppForm = z
  .object({
    'developer_app[internal_name]': formText('Internal name'),
    'developer_app[name]': formText('Public name'),
    'developer_app[redirect_uri]': formText('Redirect URI'),
    'developer_app[allowed_cors_domain]': formText('Allowed CORS domains'),
    'developer_app[legacy]': formText('"true", "1" or "on" for true'),
    'developer_app[connectable]': formText('"true", "1" or "on" for true'),
    'developer_app[contacts]': formText('The contacts as a JSON array of {name, email}'),
    'developer_app[remove_thumbnail]': formText('"true", "1" or "on" removes the logo'),
    'developer_app[thumbnail]': z.file().describe('The logo: PNG or JPEG, at most 2 MB and 1024×1024 pixels'),
  })
  .partial()
  .strict();

/** An app's OAuth client settings, as the app, its sandbox client and the staff view show them. */
export const OauthSettings = z.object({
  redirect_uri: z.string(),
  confidential: z.boolean(),
  grant_type: z.string(),
  allowed_cors_domain: z.string(),
});

export const SandboxOauthApp = z.object({
  id: z.string(),
  status: z.enum(SANDBOX_STATUSES),
  company_id: z.number().int().nullable(),
  url: z.string().nullable(),
  app_id: z.string().nullable(),
  oauth_application_id: z.string().nullable(),
  secret_masked: z.string().nullable(),
  ...OauthSettings.shape,
  procore_app_id: z.string(),
  failure_message: z.string().nullable(),
  ...timestamps,
});
export type SandboxOauthApp = z.infer<typeof SandboxOauthApp>;

export const ProductionCredentials = z.object({
  oauth_application_id: z.string(),
  client_id: z.string(),
  confidential: z.boolean(),
  grant_type: z.string(),
  redirect_uri: z.string(),
  /** Prefix and last 4 characters; null until the secret is first shown (and for public apps). */
  secret_masked: z.string().nullable(),
});
export type ProductionCredentials = z.infer<typeof ProductionCredentials>;

export const DeveloperApp = z.object({
  id: z.string(),
  name: z.string().nullable(),
  internal_name: z.string(),
  uid: z.string().nullable(),
  production_access: z.enum(PRODUCTION_ACCESS),
  requested_confidential: z.boolean().nullable(),
  ...OauthSettings.shape,
  legacy: z.boolean(),
  connectable: z.boolean(),
  thumbnail_url: z.string().nullable(),
  /** Set when staff approve the app's first marketplace listing (spec developer-apps §2, admin §3). */
  published_at: z.string().nullable(),
  /** The public name of the app's live marketplace listing ("App listing name"); null without one. */
  listing_name: z.string().nullable(),
  marketplace_enabled: z.boolean(),
  /** When the app's people asked staff to enable the marketplace listing; null when no request waits. */
  marketplace_access_requested_at: z.string().nullable(),
  contacts: z.array(Contact),
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /**
   * Everyone on the app (spec developer-apps §3): membership id, role, and the developer's name and e-mail.
   */
  collaborators: z.array(
    z.object({
      id: z.string(),
      role: z.enum(APP_ROLES),
      developer: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
    }),
  ),
  external_procore_owner_id: z.number().int(),
  role: z.enum(APP_ROLES),
  sandbox: SandboxOauthApp.nullable(),
  credentials: ProductionCredentials.nullable(),
  /** Where staff POST (empty body) to make the sandbox live at once; null for everyone else. */
  generate_fake_sandbox_path: z.string().nullable(),
  terms_accepted_at: z.string().nullable(),
  /**
   * Whether the app has engagement metrics data (any marketplace view or installation, ever): the
   * tabbed app page shows its Metrics tab only then (developer spec). Only on the single-app answers.
   */
  has_metrics: z.boolean(),
  ...timestamps,
});
export type DeveloperApp = z.infer<typeof DeveloperApp>;

/** The update response also says when the logo is not square or not larger than 200×200. */
export const UpdateDeveloperAppResponse = DeveloperApp.extend({ thumbnail_notice: z.string().nullable() });
export type UpdateDeveloperAppResponse = z.infer<typeof UpdateDeveloperAppResponse>;

export const DeveloperAppSummary = z.object({
  id: z.string(),
  name: z.string().nullable(),
  internal_name: z.string(),
  role: z.enum(APP_ROLES),
  sandbox_status: z.enum(SANDBOX_STATUSES).nullable(),
  published: z.boolean(),
  production_access: z.enum(PRODUCTION_ACCESS),
  /** The logo, when the app has one (shown beside the app in My Apps). */
  thumbnail_url: z.string().nullable(),
  created_at: z.string(),
});
export type DeveloperAppSummary = z.infer<typeof DeveloperAppSummary>;

/** `GET /developer_apps` (My Apps): newest first; `filters[search]` matches the internal or public name. */
export const DeveloperAppsQuery = pageQuery(APPS_PER_PAGE).extend(SearchFilter.shape);
export type DeveloperAppsQuery = z.infer<typeof DeveloperAppsQuery>;

export const DeveloperAppPermissions = booleans(
  'canEdit',
  'canModifyCredentials',
  'canModifyManifests',
  'canViewClientCredentials',
  'canSetSemanticVersions',
  'canCreateSandboxManifests',
  'canGenerateFakeSandbox',
  'canSubmitMarketplaceApp',
  'canDestroy',
  'canGenerateSandbox',
  'isPlatformEmployee',
).extend({
  /** Fields the caller may not change, with the reason (published app or role). */
  appFieldPermissions: z.record(z.string(), z.boolean()),
});
export type DeveloperAppPermissions = z.infer<typeof DeveloperAppPermissions>;

export const PermissionsQuery = z.object({ developer_app_id: z.string().min(1).max(100) });

export const IdParams = z.object({ id: z.string().min(1).max(100) });

export const RequestProductionAccessBody = z.strictObject({ confidential: z.boolean() });
export type RequestProductionAccessBody = z.infer<typeof RequestProductionAccessBody>;

export const OauthApplication = z.object({
  id: z.string(),
  developer_app_id: z.string(),
  environment: z.enum(OAUTH_ENVIRONMENTS),
  uid: z.string(),
  secret_masked: z.string().nullable(),
  redirect_uri: z.string(),
  confidential: z.boolean(),
  grant_type: z.string(),
  allowed_cors_domain: z.string(),
  ...timestamps,
});
export type OauthApplication = z.infer<typeof OauthApplication>;

/** A reset must be acknowledged once a secret has been shown (the first issue needs no checkbox). */
export const ResetSecretBody = z.strictObject({ acknowledged: z.boolean().optional() }).nullish();
export type ResetSecretBody = z.infer<typeof ResetSecretBody>;

/** Returned only by the calls that issue or reveal a secret; never by a GET. */
export const IssuedSecret = z.object({ uid: z.string(), secret: z.string(), secret_masked: z.string() });
export type IssuedSecret = z.infer<typeof IssuedSecret>;

export const UpdateSandboxBody = z
  .object({ redirect_uri: redirectUri, allowed_cors_domain: corsDomains })
  .partial()
  .strict();
export type UpdateSandboxBody = z.infer<typeof UpdateSandboxBody>;

export const TermsAndConditions = z.object({ markdown: z.string(), version: z.string() });
export type TermsAndConditions = z.infer<typeof TermsAndConditions>;
