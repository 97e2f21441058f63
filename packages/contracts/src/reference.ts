import { z } from 'zod';
import { pageQuery, SearchTerm } from './pagination.ts';
import {
  CHANGELOG_STATUSES,
  CHANGELOG_TYPES,
  CHANGELOG_VISIBILITIES,
  RESOURCE_GROUPS,
} from './rules/changelog.ts';
import {
  CHANGELOG_DESCRIPTION_MAX_LENGTH,
  CHANGELOG_PER_PAGE,
  CHANGELOG_SUMMARY_MAX_LENGTH,
  OPENAPI_DOCUMENT_MAX_LENGTH,
} from './rules/limits.ts';
import { timestamps } from './shapes.ts';

export const ResourceGroupParam = z.enum(RESOURCE_GROUPS);
export const ChangelogTypeParam = z.enum(CHANGELOG_TYPES);
/** A branch name (`custom_service_sha`): a git-like ref. */
export const BranchName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[\w.\-/]+$/, 'Branch names use letters, digits, dot, dash, underscore and slash');

/** `GET /resource_groups/{group}` (spec developer-apps §7 Changelog). */
export const ChangelogQuery = pageQuery(CHANGELOG_PER_PAGE).extend({
  custom_service_sha: BranchName.optional(),
  'filters[type][]': z.union([ChangelogTypeParam, z.array(ChangelogTypeParam).max(6)]).optional(),
  'filters[breaking]': z.enum(['true', 'false']).optional(),
  'filters[search]': SearchTerm,
});
export type ChangelogQuery = z.infer<typeof ChangelogQuery>;

/** A changelog entry (spec developer-apps §3). `link` is the endpoint page under /reference/{group}/. */
export const ChangelogEntry = z.object({
  id: z.string(),
  summary: z.string(),
  description: z.string(),
  endpoint: z.string(),
  type: ChangelogTypeParam,
  breaking: z.boolean(),
  datestamp: z.string(),
  versions: z.array(z.string()),
  link: z.string(),
  visibility: z.enum(CHANGELOG_VISIBILITIES),
});
export type ChangelogEntry = z.infer<typeof ChangelogEntry>;

export const AdminChangelogEntry = ChangelogEntry.extend({
  group: ResourceGroupParam,
  branch: z.string(),
  status: z.enum(CHANGELOG_STATUSES),
  /** What the OpenAPI diff found (null when written by hand). */
  change_kind: z.string().nullable(),
  ...timestamps,
});
export type AdminChangelogEntry = z.infer<typeof AdminChangelogEntry>;

export const AdminChangelogQuery = pageQuery(CHANGELOG_PER_PAGE).extend({
  custom_service_sha: BranchName.optional(),
  'filters[status]': z.enum(CHANGELOG_STATUSES).optional(),
  'filters[search]': SearchTerm,
});
export type AdminChangelogQuery = z.infer<typeof AdminChangelogQuery>;

const Summary = z.string().trim().min(1, 'This field is required').max(CHANGELOG_SUMMARY_MAX_LENGTH);
const Description = z.string().max(CHANGELOG_DESCRIPTION_MAX_LENGTH);
const Datestamp = z.iso
  .date('Use a date as YYYY-MM-DD')
  .refine((value) => value >= '2000-01-01' && value <= '2100-12-31', 'Use a date between 2000 and 2100')
  // The range is a rule the JSON Schema cannot say: examples give generated bodies dates inside it.
  .meta({ examples: ['2000-01-01', '2026-11-26', '2100-12-31'] });
const Versions = z
  .array(
    z
      .string()
      .trim()
      .regex(/^v\d+(\.\d+)*$/, 'Versions are written v{api}.{resource}'),
  )
  .min(1, 'At least 1 items are required')
  .max(20);
const Link = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .max(300)
  .regex(/^[a-z0-9][a-z0-9\-/#.]*$/, 'Links are relative paths of the reference (endpoints/…)');
const Endpoint = z.string().trim().min(1, 'This field is required').max(300);

/** What staff write of an entry: created with these (some defaulted), changed any of them at a time. */
const EntryFields = {
  summary: Summary,
  description: Description,
  endpoint: Endpoint,
  type: ChangelogTypeParam,
  breaking: z.boolean(),
  datestamp: Datestamp,
  versions: Versions,
  link: Link,
  visibility: z.enum(CHANGELOG_VISIBILITIES),
};

export const CreateChangelogEntryBody = z.strictObject({
  group: ResourceGroupParam,
  branch: BranchName.optional(),
  ...EntryFields,
  description: EntryFields.description.default(''),
  breaking: EntryFields.breaking.default(false),
  visibility: EntryFields.visibility.default('public'),
  status: z.enum(CHANGELOG_STATUSES).default('proposed'),
});
export type CreateChangelogEntryBody = z.infer<typeof CreateChangelogEntryBody>;

export const UpdateChangelogEntryBody = z.strictObject(EntryFields).partial();
export type UpdateChangelogEntryBody = z.infer<typeof UpdateChangelogEntryBody>;

/** An OpenAPI 3.x document (JSON text) for a group and branch. */
export const ImportOpenApiBody = z.strictObject({
  branch: BranchName.optional(),
  document: z.string().min(1, 'This field is required').max(OPENAPI_DOCUMENT_MAX_LENGTH),
});
export type ImportOpenApiBody = z.infer<typeof ImportOpenApiBody>;

export const OpenApiDocumentInfo = z.object({
  id: z.string(),
  group: ResourceGroupParam,
  branch: z.string(),
  version: z.string(),
  created_at: z.string(),
});
export type OpenApiDocumentInfo = z.infer<typeof OpenApiDocumentInfo>;

export const ImportOpenApiResult = z.object({
  document: OpenApiDocumentInfo,
  proposed: z.array(AdminChangelogEntry),
});
export type ImportOpenApiResult = z.infer<typeof ImportOpenApiResult>;

export const DocumentQuery = z.object({ custom_service_sha: BranchName.optional() });

export const Branches = z.object({ branches: z.array(z.string()), default: z.string() });
export type Branches = z.infer<typeof Branches>;

/** A guide (`/documentation/{slug}`): markdown the web renders through the one sanitizing policy. */
export const Guide = z.object({ slug: z.string(), title: z.string(), markdown: z.string() });
export type Guide = z.infer<typeof Guide>;
export const GuideSummary = Guide.pick({ slug: true, title: true });
export const FeedQuery = z.object({ type: ChangelogTypeParam.optional() });
