/**
 * The manifest editor's rules: component URLs and their variables, merging a snippet into a draft,
 * and reading and writing the permissions the permission builder edits.
 */
import { isObject, type JsonObject, objectAt } from './json.ts';
import {
  BUILT_IN_URL_VARIABLES,
  findPermissionTool,
  isLevelAllowed,
  PERMISSION_LEVEL_NAMES,
  PERMISSION_SCOPES,
  type PermissionLevel,
  type PermissionScope,
} from './manifest-catalog.ts';
import { MANIFEST_MESSAGES } from './manifest-messages.ts';
import { schema3OauthInstances, schemaFamily } from './manifest-schemas.ts';

// ---------------------------------------------------------------------------------------------
// Component URLs

const VARIABLE = /\{\{([^{}]*)\}\}/g;

/** The `{{...}}` variable names in a URL, trimmed, in order of appearance. */
export function urlVariables(url: string): string[] {
  return [...url.matchAll(VARIABLE)].map((match) => match[1]!.trim());
}

/** Variables a component URL uses that are neither built-ins nor the component's parameter keys. */
export function unknownUrlVariables(url: string, parameterKeys: readonly string[]): string[] {
  const known = new Set<string>([...BUILT_IN_URL_VARIABLES, ...parameterKeys]);
  return urlVariables(url).filter((name) => !known.has(name));
}

/**
 * Why a component URL is not allowed, or null: it must parse and use HTTPS with a host; plain HTTP
 * only for localhost (the spec's `{host}` exception). Variables count as text while parsing.
 */
export function componentUrlError(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.replace(VARIABLE, 'x'));
  } catch {
    return MANIFEST_MESSAGES.urlRequired;
  }
  if (parsed.protocol === 'https:' && parsed.hostname) return null;
  if (parsed.protocol === 'http:' && parsed.hostname === 'localhost') return null;
  return MANIFEST_MESSAGES.componentUrlHttps;
}

// ---------------------------------------------------------------------------------------------
// Snippets and permissions

/**
 * Inserts a snippet into a draft: objects merge key by key, arrays are appended to, other values
 * replace. Neither argument is changed.
 */
export function mergeSnippet(content: JsonObject, snippet: JsonObject): JsonObject {
  const merged: JsonObject = { ...content };
  for (const [key, value] of Object.entries(snippet)) {
    const current = merged[key];
    if (isObject(current) && isObject(value)) merged[key] = mergeSnippet(current, value);
    else if (Array.isArray(current) && Array.isArray(value)) merged[key] = [...current, ...value];
    else merged[key] = structuredClone(value);
  }
  return merged;
}

export type ManifestPermissions = Record<PermissionScope, Record<string, PermissionLevel>>;

/**
 * The permissions a draft holds, for the permission builder; null when they cannot be read (shown
 * as 'Error parsing existing permissions'). Missing scopes read as empty.
 */
export function readPermissions(content: unknown): ManifestPermissions | null {
  if (!isObject(content)) return null;
  const permissions = content.permissions;
  if (permissions === undefined) return { company: {}, project: {} };
  if (!isObject(permissions)) return null;
  const result: ManifestPermissions = { company: {}, project: {} };
  for (const scope of PERMISSION_SCOPES) {
    const entries = permissions[scope];
    if (entries === undefined) continue;
    if (!isObject(entries)) return null;
    for (const [tool, level] of Object.entries(entries)) {
      if (!(PERMISSION_LEVEL_NAMES as readonly unknown[]).includes(level)) return null;
      result[scope][tool] = level as PermissionLevel;
    }
  }
  return result;
}

/** Permissions as a manifest holds them: both scopes, tools left at none kept out. */
export function manifestPermissions(
  permissions: Partial<ManifestPermissions> | undefined,
): ManifestPermissions {
  const scoped = (scope: PermissionScope) =>
    Object.fromEntries(Object.entries(permissions?.[scope] ?? {}).filter(([, level]) => level !== 'none'));
  return { company: scoped('company'), project: scoped('project') };
}

/** The draft with the builder's permissions written in (tools left at none are kept out). */
export function writePermissions(content: JsonObject, permissions: ManifestPermissions): JsonObject {
  return { ...content, permissions: manifestPermissions(permissions) };
}

/** The first permission a scope's tool may not have (unknown tool or disallowed level), or null. */
export function permissionError(scope: PermissionScope, tool: string, level: PermissionLevel): string | null {
  const known = findPermissionTool(scope, tool);
  if (!known) return `${tool} is not a known ${scope} tool`;
  if (!isLevelAllowed(known, level))
    return `The ${known.friendly_name} ${scope} tool cannot be set to ${level}`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// What a version has

/**
 * Whether the permission builder applies (spec developer-apps §5): schema 4.1 always has permissions; schema
 * 3 needs an oauth instance with the client_credentials grant (a service account).
 */
export function hasServiceAccount(content: unknown): boolean {
  if (!isObject(content)) return false;
  if (schemaFamily(content.schema_version) === '4.1') return true;
  return schema3OauthInstances(content).some(
    (instance) => isObject(instance) && instance.grant_type === 'client_credentials',
  );
}

/**
 * Whether a version has an OAuth (data connection) component, for the "sandbox manifest created" notice (spec
 * developer-apps §4): schema 3 has an oauth instance; schema 4.1 has the `permissions` block (what its data
 * connection snippet adds); a form-based version has oauth enabled or a permission set.
 */
export function hasOauthComponent(content: unknown, configured?: unknown): boolean {
  if (isObject(configured)) {
    const permissions = readPermissions(configured);
    const anyLevel = PERMISSION_SCOPES.some((scope) =>
      Object.values(permissions?.[scope] ?? {}).some((level) => level !== 'none'),
    );
    return objectAt(configured, 'oauth').enabled === true || anyLevel;
  }
  if (!isObject(content)) return false;
  if (schemaFamily(content.schema_version) === '4.1') return isObject(content.permissions);
  return schema3OauthInstances(content).length > 0;
}
