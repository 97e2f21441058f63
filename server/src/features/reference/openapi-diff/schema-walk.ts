/** Reading OpenAPI schemas for the classifier: local $refs, flattened object fields. */

// biome-ignore lint/suspicious/noExplicitAny: OpenAPI documents are untyped JSON
export type Json = any;

const MAX_DEPTH = 12;

/** Follows a local `#/…` $ref (a few hops at most; an unknown or external one reads as empty). */
export function deref(doc: Json, node: Json, hops = 0): Json {
  if (!node || typeof node !== 'object' || typeof node.$ref !== 'string') return node;
  if (hops > MAX_DEPTH || !node.$ref.startsWith('#/')) return {};
  const target = node.$ref
    .slice(2)
    .split('/')
    .map((part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((at: Json, key: string) => (at && typeof at === 'object' ? at[key] : undefined), doc);
  return deref(doc, target ?? {}, hops + 1);
}

/** A schema with its allOf parts merged (properties and required lists). */
export function merged(doc: Json, schema: Json): Json {
  const resolved = deref(doc, schema) ?? {};
  if (!Array.isArray(resolved.allOf)) return resolved;
  const parts = resolved.allOf.map((part: Json) => merged(doc, part));
  return {
    ...resolved,
    type: resolved.type ?? parts.find((p: Json) => p.type)?.type,
    properties: Object.assign({}, ...parts.map((p: Json) => p.properties ?? {}), resolved.properties ?? {}),
    required: [...parts.flatMap((p: Json) => p.required ?? []), ...(resolved.required ?? [])],
  };
}

export type Field = { schema: Json; required: boolean };

/**
 * Every field of an object schema by dotted path (`data.owner.name`, arrays as `items[]`), each with
 * its own schema and whether its parent requires it. Cycles end at MAX_DEPTH.
 */
export function fields(doc: Json, schema: Json, prefix = '', depth = 0, out = new Map<string, Field>()) {
  if (depth > MAX_DEPTH) return out;
  const s = merged(doc, schema);
  if (s.type === 'array' || s.items) {
    if (s.items) fields(doc, s.items, prefix ? `${prefix}[]` : '[]', depth + 1, out);
    return out;
  }
  const required = new Set<string>(Array.isArray(s.required) ? s.required : []);
  for (const [name, child] of Object.entries<Json>(s.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    out.set(path, { schema: merged(doc, child), required: required.has(name) });
    fields(doc, child, path, depth + 1, out);
  }
  return out;
}

/** A schema's type as one string (3.1's type arrays joined; `nullable` counted). */
export function typeOf(schema: Json): string {
  if (!schema) return '';
  const base = Array.isArray(schema.type) ? [...schema.type].sort().join('|') : (schema.type ?? '');
  return schema.nullable ? `${base}|null` : base;
}

export const VALIDATION_KEYWORDS = [
  'maxLength',
  'minLength',
  'pattern',
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'maxItems',
  'minItems',
  'uniqueItems',
  'multipleOf',
  'format',
] as const;

/** The JSON body schema of a request body or response (application/json, else the first type). */
export function jsonSchemaOf(doc: Json, holder: Json): Json | undefined {
  const content = deref(doc, holder)?.content;
  if (!content || typeof content !== 'object') return undefined;
  const media = content['application/json'] ?? Object.values<Json>(content)[0];
  return media?.schema;
}
