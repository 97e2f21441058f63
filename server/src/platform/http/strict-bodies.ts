import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

const CHILDREN = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames'] as const;
const LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const MAPS = ['properties', '$defs', 'definitions', 'patternProperties'] as const;

/**
 * Where a body schema would let unknown keys through: the paths of its objects that neither forbid
 * other keys (zod's `z.strictObject`, `.strict()`) nor say what they are (`z.record`, `.catchall`).
 * zod's default object strips unknown keys in silence, so `PATCH /me {"role":"admin"}` would answer
 * 200 with the role unchanged while a strict body answers 422 naming the field.
 */
export function loosePaths(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const found: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    const at = node as JsonSchema;
    const isObject = at.type === 'object' || (at.properties !== undefined && at.type === undefined);
    if (isObject && at.additionalProperties === undefined && at.patternProperties === undefined)
      found.push(path || '(body)');
    for (const key of CHILDREN) walk(at[key], path ? `${path}.${key}` : key);
    for (const key of LISTS) if (Array.isArray(at[key])) for (const child of at[key]) walk(child, path);
    for (const key of MAPS) {
      const map = at[key];
      if (!map || typeof map !== 'object') continue;
      for (const [name, child] of Object.entries(map))
        walk(child, key === 'properties' ? (path ? `${path}.${name}` : name) : `${key}.${name}`);
    }
  };
  walk(json, '');
  return found;
}

/**
 * One rule for every request body: unknown fields are refused (422 at the field), never dropped in
 * silence. Boot fails on a route whose body schema (or the body it documents and reads itself, as
 * multipart forms are) has an object that would let them through, so a new route cannot bring the
 * old behaviour back. Query strings are not held to it: a list's unknown parameters are refused by
 * its own guard (platform/list/params.ts).
 */
export function registerStrictBodies(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const documented = (route.config as { documentedBody?: Record<string, z.ZodType> } | undefined)
      ?.documentedBody;
    const bodies = [route.schema?.body, ...Object.values(documented ?? {})];
    for (const body of bodies) {
      if (!(body instanceof z.ZodType)) continue;
      const loose = loosePaths(body);
      if (loose.length)
        throw new Error(
          `Route ${String(route.method)} ${route.url}: its body must refuse unknown fields (z.strictObject) at ${loose.join(', ')}`,
        );
    }
  });
}
