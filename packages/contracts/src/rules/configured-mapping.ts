/**
 * configured_manifest_content ↔ schema 4.1 manifest content: the server writes a form-based
 * version's manifest with `configuredToManifest`, the web reads a version into the form with
 * `manifestToConfigured`; a schema 3 manifest is migrated with `migrateToSchema41`.
 */
import {
  CONFIG_BUILDER_MESSAGES,
  type ComponentType,
  type Configured,
  type ConfiguredComponent,
  type ConfiguredPermissions,
  isCompleteInstruction,
  normalizeUserConfiguration,
} from './configured-model.ts';
import { isObject, type JsonObject, objectAt, text } from './json.ts';
import type { PermissionLevel } from './manifest-catalog.ts';
import { manifestPermissions } from './manifest-editor.ts';
import { schema3OauthInstances, schemaFamily } from './manifest-schemas.ts';

/**
 * A component with its parts in the manifest's order: the URL, views (side panel only), a
 * description when given, and the user_configuration normalised (left out without parameters).
 */
function component(
  type: ComponentType,
  parts: { source_url: string; views: unknown[]; description?: unknown; user_configuration?: unknown },
): ConfiguredComponent {
  const out: ConfiguredComponent = { source_url: parts.source_url };
  if (type === 'sidepanel') out.views = parts.views as string[];
  if (typeof parts.description === 'string' && parts.description) out.description = parts.description;
  const userConfiguration = normalizeUserConfiguration(parts.user_configuration);
  if (userConfiguration) out.user_configuration = userConfiguration;
  return out;
}

/**
 * The schema 4.1 manifest a form-based version stands for: fullscreen and sidepanel when present
 * (views only on the side panel), permissions always (as 4.1 has them; tools at none left out), the
 * post-installation instruction only when complete. `oauth.enabled` has no place in 4.1 content: it
 * is kept in configured_manifest_content and on the version (auth_code_capable).
 */
export function configuredToManifest(configured: Configured): JsonObject {
  const content: JsonObject = { schema_version: '4.1' };
  for (const type of ['fullscreen', 'sidepanel'] as const) {
    const from = configured[type];
    if (from) content[type] = component(type, { ...from, views: [...(from.views ?? [])] });
  }
  content.permissions = manifestPermissions(configured.permissions);
  const instruction = configured.post_installation_instruction;
  if (instruction && isCompleteInstruction(instruction))
    content.post_installation_instruction = {
      notes: instruction.notes,
      page: { label: instruction.page!.label, url: instruction.page!.url },
    };
  return content;
}

function componentFromManifest(value: unknown, type: ComponentType): ConfiguredComponent | undefined {
  if (!isObject(value)) return undefined;
  const views = Array.isArray(value.views) ? value.views.filter((view) => typeof view === 'string') : [];
  return component(type, { ...value, source_url: text(value.source_url), views });
}

function permissionsFromManifest(value: unknown): ConfiguredPermissions {
  const permissions: ConfiguredPermissions = { company: {}, project: {} };
  if (!isObject(value)) return permissions;
  for (const scope of ['company', 'project'] as const) {
    const entries = value[scope];
    if (!isObject(entries)) continue;
    for (const [tool, level] of Object.entries(entries))
      if (typeof level === 'string' && level !== 'none') permissions[scope][tool] = level as PermissionLevel;
  }
  return permissions;
}

export type ReadResult =
  | { ok: true; configured: Configured }
  /** `schema_3`: a legacy manifest ('App Not Updated', migrate to 4.1); `unsupported`: no known schema. */
  | { ok: false; reason: 'schema_3' | 'unsupported' };

/**
 * The form's model of a manifest. Only schema 4.1 content can be expressed; schema 3 asks for the
 * migration. `authCodeCapable` (the version's flag) gives `oauth.enabled`, which 4.1 content lacks.
 */
export function manifestToConfigured(content: unknown, options: { authCodeCapable: boolean }): ReadResult {
  if (!isObject(content)) return { ok: false, reason: 'unsupported' };
  const family = schemaFamily(content.schema_version);
  if (family === '3') return { ok: false, reason: 'schema_3' };
  if (family !== '4.1') return { ok: false, reason: 'unsupported' };
  const configured: Configured = {};
  const sidepanel = componentFromManifest(content.sidepanel, 'sidepanel');
  if (sidepanel) configured.sidepanel = sidepanel;
  const fullscreen = componentFromManifest(content.fullscreen, 'fullscreen');
  if (fullscreen) configured.fullscreen = fullscreen;
  configured.permissions = permissionsFromManifest(content.permissions);
  configured.oauth = { enabled: options.authCodeCapable };
  const instruction = content.post_installation_instruction;
  if (isObject(instruction)) {
    const page = objectAt(instruction, 'page');
    configured.post_installation_instruction = {
      notes: text(instruction.notes),
      page: { label: text(page.label), url: text(page.url) },
    };
  }
  return { ok: true, configured };
}

/**
 * configured_manifest_content as a version stores it, normalised the way the mapping reads it
 * back: the round trip `manifestToConfigured(configuredToManifest(c))` gives `normalizeConfigured(c)`.
 */
export function normalizeConfigured(configured: Configured): Configured {
  const read = manifestToConfigured(configuredToManifest(configured), {
    authCodeCapable: configured.oauth?.enabled === true,
  });
  if (!read.ok) throw new Error('A schema 4.1 manifest always reads back');
  return read.configured;
}

export type MigrationResult = { ok: true; content: JsonObject } | { ok: false; message: string };

/**
 * Schema 3 → 4.1 ('App Not Updated' → migrate): each iframe instance becomes the top-level
 * component of its type (iframe_src → source_url, configuration → user_configuration), permissions
 * and the instruction are kept. Refused when it would lose something: two instances of one type.
 * An authorization_code oauth instance is reported as `authCodeCapable` by the server as before.
 */
export function migrateToSchema41(content: unknown): MigrationResult {
  if (!isObject(content) || schemaFamily(content.schema_version) !== '3')
    return { ok: false, message: 'Only a schema 3 manifest can be migrated to 4.1' };
  const iframe = objectAt(objectAt(content, 'components'), 'iframe');
  const instances = Array.isArray(iframe.instances) ? iframe.instances.filter(isObject) : [];
  const result: JsonObject = { schema_version: '4.1' };
  for (const instance of instances) {
    const type = instance.type === 'sidepanel' ? 'sidepanel' : 'fullscreen';
    if (type in result)
      return {
        ok: false,
        message: `${CONFIG_BUILDER_MESSAGES.notExpressible}: it has more than one ${type} component`,
      };
    result[type] = component(type, {
      source_url: text(instance.iframe_src),
      views: Array.isArray(instance.views) ? [...instance.views] : [],
      description: instance.description,
      user_configuration: isObject(instance.configuration) ? instance.configuration : null,
    });
  }
  result.permissions = permissionsFromManifest(content.permissions);
  if (isObject(content.post_installation_instruction))
    result.post_installation_instruction = structuredClone(content.post_installation_instruction);
  return { ok: true, content: result };
}

/** Whether a schema 3 manifest asks for user-level authentication (an authorization_code instance). */
export function schema3HasAuthCode(content: unknown): boolean {
  return schema3OauthInstances(content).some(
    (instance) => isObject(instance) && instance.grant_type === 'authorization_code',
  );
}
