/** The manifest (app version) calls: their requests and what they answer (spec developer-apps §7). */
import { z } from 'zod';
import { ConfiguredManifestContent, JsonObject, ManifestContent } from './manifest-content.ts';
import { pageQuery, sortParam } from './pagination.ts';
import { hasAnyComponent } from './rules/configured-manifest.ts';
import {
  MANIFEST_CHANGELOG_MAX_LENGTH,
  MANIFEST_NOTES_MAX_LENGTH,
  MANIFESTS_PER_PAGE,
} from './rules/limits.ts';
import {
  MANIFEST_ENVIRONMENTS,
  MANIFEST_MESSAGES,
  MANIFEST_SCHEMA_VERSIONS,
  REVIEW_STATES,
  SEMANTIC_VERSION_PATTERN,
} from './rules/manifest-rules.ts';
import { timestamps } from './shapes.ts';

const appId = z.string().min(1).max(100);

/**
 * `environment_type` as the spec's calls send it: Sandbox or Production (the admin page's fetch
 * filter says ProductionEnvironment, accepted as the same thing).
 */
export const ENVIRONMENT_TYPES = ['Sandbox', 'Production', 'ProductionEnvironment'] as const;
export const EnvironmentType = z.enum(ENVIRONMENT_TYPES, {
  error: 'Environment type must be Sandbox or Production',
});
export type EnvironmentType = z.infer<typeof EnvironmentType>;

/** Optional major.minor.patch; empty means "not given" (required or assigned by the server's rules). */
const SemanticVersionInput = z
  .string()
  .trim()
  .max(32)
  .refine(
    (value) => value === '' || SEMANTIC_VERSION_PATTERN.test(value),
    MANIFEST_MESSAGES.semanticVersionFormat,
  )
  .nullish();

const Notes = z.string().trim().max(MANIFEST_NOTES_MAX_LENGTH).nullish();

// ---------------------------------------------------------------------------------------------
// Requests

/** `GET /api/v1/manifests`: one app's versions, one environment or both; newest version first. */
export const ManifestsQuery = pageQuery(MANIFESTS_PER_PAGE).extend({
  'filters[developer_app_id]': appId,
  'filters[versionable_type]': EnvironmentType.optional(),
  'filters[state]': z.enum(REVIEW_STATES).optional(),
  sort: sortParam(['version', 'created_at'], '-version'),
});
export type ManifestsQuery = z.infer<typeof ManifestsQuery>;

export const ManifestInput = z.strictObject({ content: ManifestContent });

/** `POST /api/v1/app_versions` (classic page and the admin app page). */
export const CreateAppVersionBody = z.strictObject({
  app_version: z.strictObject({
    developer_app_id: appId,
    environment_type: EnvironmentType,
    manifest: ManifestInput,
    semantic_version: SemanticVersionInput,
  }),
});
export type CreateAppVersionBody = z.infer<typeof CreateAppVersionBody>;

/**
 * `POST /api/v1/app_versioned_manifests` (the tabbed page): the manifest's content, or the form's
 * configured_manifest_content from which the server writes a schema 4.1 manifest. Without a
 * semantic version (when they are on) the form-based create gets the suggested next one.
 * configured_manifest_content must hold something (spec developer-apps §5, 'At least one of fullscreen or
 * sidepanel must be present') unless `allow_empty` is true: the form's allow-empty flag, set when
 * a version loads into the form or User Level Authentication is turned off.
 */
export const CreateAppVersionedManifestBody = z
  .strictObject({
    developer_app_id: appId,
    environment_type: EnvironmentType,
    manifest: ManifestInput.optional(),
    configured_manifest_content: ConfiguredManifestContent.optional(),
    allow_empty: z.boolean().default(false),
    semantic_version: SemanticVersionInput,
  })
  .superRefine((value, ctx) => {
    if (!value.manifest === !value.configured_manifest_content)
      ctx.addIssue({
        code: 'custom',
        path: ['manifest'],
        message: 'Send either manifest.content or configured_manifest_content',
      });
    if (value.allow_empty && value.manifest)
      ctx.addIssue({
        code: 'custom',
        path: ['allow_empty'],
        message: 'allow_empty applies to configured_manifest_content only',
      });
    const configured = value.configured_manifest_content;
    if (configured && !value.allow_empty && !hasAnyComponent(configured))
      ctx.addIssue({
        code: 'custom',
        path: ['configured_manifest_content'],
        message: MANIFEST_MESSAGES.atLeastOneComponent,
      });
  })
  .meta({
    examples: [
      {
        developer_app_id: '7b1e2c1a-5d0f-4c55-9a0e-3f4a8b9c2d11',
        environment_type: 'Sandbox',
        manifest: { content: { app_manifest: { id: 'example' } } },
        semantic_version: '1.0.1',
      },
      {
        developer_app_id: '7b1e2c1a-5d0f-4c55-9a0e-3f4a8b9c2d11',
        environment_type: 'Production',
        configured_manifest_content: {
          fullscreen: { source_url: 'https://app.example.com/embedded', description: 'Field reports' },
        },
      },
    ],
  });
export type CreateAppVersionedManifestBody = z.infer<typeof CreateAppVersionedManifestBody>;

/** `PATCH /api/v1/app_versions/{id}`: submit (in_review, optional notes) or withdraw (confidential). */
export const UpdateAppVersionBody = z.strictObject({
  app_version: z.strictObject({ state: z.enum(REVIEW_STATES), developer_notes: Notes }),
});
export type UpdateAppVersionBody = z.infer<typeof UpdateAppVersionBody>;

/** `PATCH /api/v1/admin/app_versions/{id}`: approve (published) or reject (confidential), with notes. */
export const AdminUpdateAppVersionBody = z.strictObject({
  app_version: z.strictObject({ state: z.enum(REVIEW_STATES), admin_notes: Notes }),
});
export type AdminUpdateAppVersionBody = z.infer<typeof AdminUpdateAppVersionBody>;

/** `POST /api/v1/app_version_promotions` (and the admin one): a sandbox version to production. */
export const AppVersionPromotionBody = z.strictObject({
  app_version_promotion: z.strictObject({
    source_app_version_id: appId,
    changelog: z.string().trim().max(MANIFEST_CHANGELOG_MAX_LENGTH).nullish(),
  }),
});
export type AppVersionPromotionBody = z.infer<typeof AppVersionPromotionBody>;

/** `POST /api/v1/manifest_validations?developer_app_id=&environment_type=` */
export const ManifestValidationQuery = z.object({
  developer_app_id: appId,
  environment_type: EnvironmentType,
});
export type ManifestValidationQuery = z.infer<typeof ManifestValidationQuery>;
export const ManifestValidationBody = z.strictObject({ manifest: ManifestInput });
export type ManifestValidationBody = z.infer<typeof ManifestValidationBody>;

export const SnippetsParams = z.object({ version: z.string().min(1).max(20) });
/** `has_existing_manifest` matters only for versions below 4 (spec developer-apps §7). */
export const SnippetsQuery = z.object({ has_existing_manifest: z.enum(['true', 'false']).optional() });
export type SnippetsQuery = z.infer<typeof SnippetsQuery>;

// ---------------------------------------------------------------------------------------------
// Responses

/** One problem in a manifest: where (a JSON pointer into the content; "" is the whole) and what. */
export const ManifestViolation = z.object({
  pointer: z.string().describe('JSON pointer (RFC 6901) into the manifest; "" is the whole manifest'),
  message: z.string(),
});
export type ManifestViolation = z.infer<typeof ManifestViolation>;

/** The validation's answer: an empty list means the manifest passed. */
export const ManifestValidationResult = z.object({ errors: z.array(ManifestViolation) });
export type ManifestValidationResult = z.infer<typeof ManifestValidationResult>;

/** `GET /api/v1/manifest_templates`: the starting manifest per schema version. */
export const ManifestTemplates = z.object(
  Object.fromEntries(MANIFEST_SCHEMA_VERSIONS.map((version) => [version, JsonObject])) as Record<
    (typeof MANIFEST_SCHEMA_VERSIONS)[number],
    typeof JsonObject
  >,
);
export type ManifestTemplates = z.infer<typeof ManifestTemplates>;

/**
 * A snippet helper: `content` is merged into the draft with `mergeSnippet` (objects merge, arrays
 * append). Without an existing manifest (versions below 4) it is a whole manifest to start from.
 */
export const ManifestSnippet = z.object({
  label: z.string(),
  description: z.string(),
  content: JsonObject.describe(
    'Merged into the draft: objects merge key by key, arrays are appended to (mergeSnippet)',
  ),
});
export type ManifestSnippet = z.infer<typeof ManifestSnippet>;

export const ManifestSnippets = z.object({
  oauth: ManifestSnippet,
  iframe: ManifestSnippet,
  fullscreen: ManifestSnippet,
  sidepanel: ManifestSnippet,
});
export type ManifestSnippets = z.infer<typeof ManifestSnippets>;

/** A manifest (app version) as every manifest call answers it. */
export const Manifest = z.object({
  id: z.string().describe("The version's id; `app_version_id` is the same value (the spec uses both names)."),
  app_version_id: z.string(),
  developer_app_id: z.string(),
  app_manifest_id: z
    .string()
    .describe("Stable across the app's versions; also written into the content as `app_manifest.id`."),
  environment: z.enum(MANIFEST_ENVIRONMENTS),
  version: z
    .number()
    .int()
    .describe('Per app: 1, 2, 3… in order of creation; a promoted version keeps its sandbox number.'),
  semantic_version: z.string().nullable(),
  schema_version: z.string().nullable(),
  state: z.enum(REVIEW_STATES),
  submittable: z.boolean().describe('A production version that may be submitted for review now.'),
  promotable: z.boolean().describe("A sandbox version newer than production's newest (the Promote button)."),
  published_to_marketplace: z
    .boolean()
    .describe("The app's current published version (the newest approved one)."),
  app_version_key: z.string().describe('36-character UUID used to install this version as a custom app.'),
  content: JsonObject,
  configured_manifest_content: JsonObject.nullable(),
  changelog: z.string().nullable().describe('Release notes (set when promoting).'),
  developer_notes: z.string().nullable(),
  admin_notes: z.string().nullable(),
  source_app_version_id: z
    .string()
    .nullable()
    .describe('The sandbox version a production version was promoted from.'),
  auth_code_capable: z
    .boolean()
    .describe('The version asks for user-level authentication (authorization code).'),
  auth_code_locked: z
    .boolean()
    .describe('Some version of the app already has it, so it can no longer be removed.'),
  created_by: z.object({ name: z.string() }).nullable(),
  ...timestamps,
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});
export type Manifest = z.infer<typeof Manifest>;

/** `POST /api/v1/app_versioned_manifests` answers `{manifest}` (spec developer-apps §7). */
export const CreatedManifest = z.object({ manifest: Manifest });
export type CreatedManifest = z.infer<typeof CreatedManifest>;
