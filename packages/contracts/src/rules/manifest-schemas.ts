/**
 * Manifest schema versions: the families with templates, and reading a schema 3 manifest's oauth
 * instances (the service-account and user-level-authentication rules ask for them).
 */
import { isObject, objectAt } from './json.ts';

/** Manifest schema versions with templates; the editor's version defaults to 3 (spec developer-apps §9). */
export const MANIFEST_SCHEMA_VERSIONS = ['3', '4.1'] as const;
export type ManifestSchemaVersion = (typeof MANIFEST_SCHEMA_VERSIONS)[number];
export const DEFAULT_MANIFEST_SCHEMA_VERSION: ManifestSchemaVersion = '3';

/** The template family a `schema_version` belongs to: "3", "3.2" → "3"; "4.1" → "4.1". */
export function schemaFamily(schemaVersion: unknown): ManifestSchemaVersion | null {
  if (typeof schemaVersion !== 'string') return null;
  if (/^3(\.\d+)?$/.test(schemaVersion)) return '3';
  return schemaVersion === '4.1' ? '4.1' : null;
}

/** The oauth component's instances of a schema 3 manifest (none when it has no such component). */
export function schema3OauthInstances(content: unknown): unknown[] {
  if (!isObject(content)) return [];
  const oauth = objectAt(objectAt(content, 'components'), 'oauth');
  return Array.isArray(oauth.instances) ? oauth.instances : [];
}
