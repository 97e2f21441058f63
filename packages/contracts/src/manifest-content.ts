/**
 * A manifest's content on the wire: any JSON object within the depth and length limits, and the Configuration
 * Builder's configured_manifest_content (spec developer-apps §3) from which the server writes one.
 */
import { z } from 'zod';
import {
  MANIFEST_CONTENT_MAX_LENGTH,
  MANIFEST_MAX_DEPTH,
  MANIFEST_NOTES_MAX_LENGTH,
} from './rules/limits.ts';
import { PERMISSION_LEVEL_NAMES } from './rules/manifest-catalog.ts';
import { MANIFEST_MESSAGES } from './rules/manifest-rules.ts';

/** Whether a value nests deeper than `max` levels; walks without recursion and stops early. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (!node || typeof node !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

/** Any JSON object (what a manifest is on the wire, in both directions). */
export const JsonObject = z.record(z.string(), z.unknown());
export type JsonObject = z.infer<typeof JsonObject>;

/** A manifest's JSON: an object, at most 32 levels deep and 200,000 characters long. */
export const ManifestContent = z
  .record(z.string(), z.unknown(), { error: 'The manifest must be a JSON object' })
  .superRefine((value, ctx) => {
    if (nestsDeeperThan(value, MANIFEST_MAX_DEPTH))
      ctx.addIssue({
        code: 'custom',
        message: `The manifest nests deeper than ${MANIFEST_MAX_DEPTH} levels`,
      });
    else if (JSON.stringify(value).length > MANIFEST_CONTENT_MAX_LENGTH)
      ctx.addIssue({
        code: 'custom',
        message: `The manifest is longer than ${MANIFEST_CONTENT_MAX_LENGTH.toLocaleString('en')} characters`,
      });
  });

// ---------------------------------------------------------------------------------------------
// Form-based content (the Configuration Builder), spec developer-apps §3 configured_manifest_content

const Url = z.string().trim().min(1, MANIFEST_MESSAGES.urlRequired).max(2000);

const Parameter = z.strictObject({
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(1000).default(''),
  type: z.literal('string').default('string'),
});

const UserConfiguration = z.strictObject({
  schema: z.strictObject({
    type: z.literal('object').optional(),
    properties: z.record(z.string().trim().min(1).max(100), Parameter).default({}),
    required: z.array(z.string().max(100)).max(100).optional(),
  }),
  required: z.array(z.string().max(100)).max(100).optional(),
});

const PermissionMap = z.record(z.string().max(100), z.enum(PERMISSION_LEVEL_NAMES)).default({});

const optionalText = (max: number) => z.string().trim().max(max).optional();

export const ConfiguredManifestContent = z
  .strictObject({
    sidepanel: z
      .strictObject({
        source_url: Url,
        views: z.array(z.string().max(200)).min(1, MANIFEST_MESSAGES.viewsRequired).max(100),
        description: optionalText(1000),
        user_configuration: UserConfiguration.optional(),
      })
      .nullish(),
    fullscreen: z
      .strictObject({
        source_url: Url,
        description: optionalText(1000),
        user_configuration: UserConfiguration.optional(),
      })
      .nullish(),
    permissions: z.strictObject({ company: PermissionMap, project: PermissionMap }).optional(),
    oauth: z.strictObject({ enabled: z.boolean() }).optional(),
    post_installation_instruction: z
      .strictObject({
        notes: optionalText(MANIFEST_NOTES_MAX_LENGTH),
        page: z.strictObject({ label: optionalText(200), url: optionalText(2000) }).optional(),
      })
      .nullish(),
  })
  .superRefine((value, ctx) => {
    const instruction = value.post_installation_instruction;
    const parts = [instruction?.notes, instruction?.page?.label, instruction?.page?.url];
    const given = parts.filter(Boolean).length;
    if (given > 0 && given < parts.length)
      ctx.addIssue({
        code: 'custom',
        path: ['post_installation_instruction'],
        message: MANIFEST_MESSAGES.postInstallationAllOrNone,
      });
  });
export type ConfiguredManifestContent = z.infer<typeof ConfiguredManifestContent>;
