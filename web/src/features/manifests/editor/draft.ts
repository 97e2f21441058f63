import type { JsonObject } from '@portal/contracts';
import {
  DEFAULT_MANIFEST_SCHEMA_VERSION,
  MANIFEST_SCHEMA_VERSIONS,
  type ManifestSchemaVersion,
  schemaFamily,
} from '@portal/contracts/manifest-rules';

/** What the editor's text holds: a manifest (a JSON object), or why it is not one. */
export type ParsedDraft =
  | { ok: true; content: JsonObject }
  | { ok: false; reason: 'syntax' | 'not_object'; message: string };

/** Reads the editor's text; only a JSON object is a manifest. */
export function parseDraft(text: string): ParsedDraft {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: 'syntax', message: error instanceof Error ? error.message : String(error) };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, reason: 'not_object', message: 'The manifest must be a JSON object' };
  return { ok: true, content: value as JsonObject };
}

/** The editor's text for a manifest: two-space indented JSON, keys in the order given. */
export const formatDraft = (content: unknown) => JSON.stringify(content, null, 2);

/**
 * The schema version a draft is written in ("3.2" belongs to 3), or the editor's default, 3, when
 * the draft cannot be read or names no known version (spec developer-apps §4).
 */
export function draftSchemaVersion(parsed: ParsedDraft): ManifestSchemaVersion {
  return (parsed.ok && schemaFamily(parsed.content.schema_version)) || DEFAULT_MANIFEST_SCHEMA_VERSION;
}

/**
 * The highest template key, which the default draft uses (spec developer-apps §4): "4.1" over "3",
 * numerically.
 */
export function highestTemplateKey(templates: Record<string, unknown>): ManifestSchemaVersion {
  const known = Object.keys(templates).filter((key): key is ManifestSchemaVersion =>
    (MANIFEST_SCHEMA_VERSIONS as readonly string[]).includes(key),
  );
  const byNumber = (a: string, b: string) => {
    const [am = 0, an = 0] = a.split('.').map(Number);
    const [bm = 0, bn = 0] = b.split('.').map(Number);
    return am - bm || an - bn;
  };
  return known.sort(byNumber).at(-1) ?? DEFAULT_MANIFEST_SCHEMA_VERSION;
}
