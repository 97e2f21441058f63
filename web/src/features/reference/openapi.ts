/** Reading an OpenAPI document for the endpoint pages: operations by slug, $refs, examples. */
import { operationSlug } from '@portal/contracts/changelog';

// biome-ignore lint/suspicious/noExplicitAny: OpenAPI documents are plain JSON
export type Json = any;
export type OpenApiDocument = Json;

export type Operation = {
  slug: string;
  method: string;
  path: string;
  summary: string;
  description: string | undefined;
  deprecated: boolean;
  tag: string;
  op: Json;
  parameters: Json[];
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Follows a local `#/…` $ref (a few hops at most). */
export function deref(doc: Json, node: Json, hops = 0): Json {
  if (!node || typeof node !== 'object' || typeof node.$ref !== 'string') return node;
  if (hops > 10 || !node.$ref.startsWith('#/')) return {};
  const target = node.$ref
    .slice(2)
    .split('/')
    .map((part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((at: Json, key: string) => (at && typeof at === 'object' ? at[key] : undefined), doc);
  return deref(doc, target ?? {}, hops + 1);
}

/** Every operation of the document, in document order. */
export function operations(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, rawItem] of Object.entries<Json>(doc?.paths ?? {})) {
    const item = deref(doc, rawItem) ?? {};
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      out.push({
        slug: operationSlug(method.toUpperCase(), path, op.operationId),
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? `${method.toUpperCase()} ${path}`,
        description: op.description,
        deprecated: !!op.deprecated,
        tag: op.tags?.[0] ?? 'Other',
        op,
        parameters: [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: Json) => deref(doc, p)),
      });
    }
  }
  return out;
}

/** The JSON schema of a request body or response (application/json, else the first type). */
export function bodySchema(doc: Json, holder: Json): Json | undefined {
  const content = deref(doc, holder)?.content;
  if (!content) return undefined;
  return (content['application/json'] ?? Object.values<Json>(content)[0])?.schema;
}

const SAMPLES: Record<string, unknown> = { string: 'string', integer: 0, number: 0, boolean: true };

/** An example value for a schema: its example, else one built from its properties and types. */
export function exampleOf(doc: Json, schema: Json, depth = 0): unknown {
  const s = deref(doc, schema) ?? {};
  if (s.example !== undefined) return s.example;
  if (depth > 6) return null;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  if (s.allOf) return Object.assign({}, ...s.allOf.map((part: Json) => exampleOf(doc, part, depth + 1)));
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  if (type === 'array' || s.items) return [exampleOf(doc, s.items, depth + 1)];
  if (type === 'object' || s.properties) {
    return Object.fromEntries(
      Object.entries<Json>(s.properties ?? {}).map(([name, child]) => [
        name,
        exampleOf(doc, child, depth + 1),
      ]),
    );
  }
  if (s.format === 'date') return '2026-01-31';
  if (s.format === 'date-time') return '2026-01-31T12:00:00Z';
  return SAMPLES[type as string] ?? null;
}

/** A one-line curl for the operation (path parameters left as {name}). */
export function curlLine(base: string, operation: Operation, withBody: boolean): string {
  const parts = [`curl -X ${operation.method} '${base.replace(/\/$/, '')}${operation.path}'`];
  parts.push(`-H 'Authorization: Bearer $ACCESS_TOKEN'`);
  if (withBody) parts.push(`-H 'Content-Type: application/json' -d @body.json`);
  return parts.join(' ');
}

/** A schema's type for display: `array of Project`, `string (date)`, enum values. */
export function typeLabel(doc: Json, schema: Json): string {
  const ref = typeof schema?.$ref === 'string' ? schema.$ref.split('/').at(-1) : undefined;
  const s = deref(doc, schema) ?? {};
  const type = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? (s.properties ? 'object' : ''));
  if (type === 'array') return `array of ${typeLabel(doc, s.items)}`;
  if (ref && type === 'object') return ref;
  const format = s.format ? ` (${s.format})` : '';
  const values = Array.isArray(s.enum) ? `: ${s.enum.map(String).join(', ')}` : '';
  return `${type || 'any'}${format}${values}`;
}
