import fc from 'fast-check';
import {
  HOSTILE_NUMBERS,
  HOSTILE_STRINGS,
  hostileKey,
  hostileValue,
  PROTOTYPE_POLLUTION,
  RawJson,
  WRONG_TYPES,
} from './hostile-values.ts';

/** The part of JSON Schema (draft 2020-12, as z.toJSONSchema writes it) the generator understands. */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
};

export type SchemaContext = {
  /** `#/components/schemas/X` → the schema. */
  resolve(ref: string): JsonSchema;
  /** Real values (ids of the fixtures) for a field or parameter of this name, so requests reach rules. */
  known(name: string): string[];
};

const typesOf = (schema: JsonSchema): string[] => {
  if (schema.type) return [schema.type].flat();
  if (schema.properties) return ['object'];
  return [];
};

/** Defines an own enumerable key, so `__proto__` becomes a member rather than the prototype. */
function withKey(object: unknown, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...(object && typeof object === 'object' ? object : {}) } as Record<string, unknown>;
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

// fast-check cannot generate lookarounds; generate without them and keep what matches the whole.
const withoutLookarounds = (pattern: string) => pattern.replace(/\(\?<?[=!][^()]*\)/g, '');

function validString(schema: JsonSchema, name: string, ctx: SchemaContext): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 300;
  const fits = (value: string) => value.length >= min && value.length <= max;
  const known = ctx.known(name).filter(fits);
  let generated: fc.Arbitrary<string>;
  const examples = (schema.examples ?? []).filter((value): value is string => typeof value === 'string');
  if (examples.length) {
    // Examples mark a string whose rule the JSON Schema cannot say (a URI list, say): valid values
    // come from them, or valid-shaped bodies would almost never pass the rule.
    generated = fc.constantFrom(...examples.filter(fits));
  } else if (schema.pattern) {
    const whole = new RegExp(schema.pattern, 'u');
    generated = fc
      .stringMatching(new RegExp(withoutLookarounds(schema.pattern)))
      .filter((value) => fits(value) && whole.test(value));
  } else {
    const short = Math.min(max, min + 30);
    generated = fc.oneof(
      { arbitrary: fc.string({ minLength: min, maxLength: short }), weight: 4 },
      { arbitrary: fc.string({ minLength: min, maxLength: short, unit: 'grapheme' }), weight: 4 },
      // The longest value the schema allows: the database column must hold it too.
      { arbitrary: fc.constant('x'.repeat(max)), weight: 1 },
    );
  }
  return known.length ? fc.oneof(generated, fc.constantFrom(...known)) : generated;
}

/** Values that satisfy the JSON Schema (and so, mostly, the zod schema it came from). */
export function validArbitrary(schema: JsonSchema, ctx: SchemaContext, name = ''): fc.Arbitrary<unknown> {
  if (schema.$ref) return validArbitrary(ctx.resolve(schema.$ref), ctx, name);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => validArbitrary(branch, ctx, name)));
  if (schema.allOf?.[0]) return validArbitrary(schema.allOf[0], ctx, name);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types = typesOf(schema);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...types.map((type) => validOfType(type, schema, ctx, name)));
}

function validOfType(
  type: string,
  schema: JsonSchema,
  ctx: SchemaContext,
  name: string,
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return validString(schema, name, ctx);
    case 'integer': {
      const min = Math.max(schema.minimum ?? -(2 ** 31), Number.MIN_SAFE_INTEGER);
      const max = Math.min(schema.maximum ?? 2 ** 31, Number.MAX_SAFE_INTEGER);
      return fc.oneof(fc.integer({ min, max: Math.min(max, min + 1000) }), fc.constantFrom(min, max));
    }
    case 'number':
      return fc.double({ min: schema.minimum, max: schema.maximum, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? minLength + 4, minLength + 4);
      return fc.array(validArbitrary(schema.items ?? {}, ctx, name), { minLength, maxLength });
    }
    case 'object':
      return validObject(schema, ctx);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function validObject(schema: JsonSchema, ctx: SchemaContext): fc.Arbitrary<unknown> {
  const generated = generatedObject(schema, ctx);
  // As with strings, examples mark an object whose rule the JSON Schema cannot say (one of two
  // fields, say): half the valid values are the examples, or few would ever pass the rule.
  const examples = (schema.examples ?? []).filter((value) => typeof value === 'object' && value !== null);
  return examples.length ? fc.oneof(generated, fc.constantFrom(...examples)) : generated;
}

function generatedObject(schema: JsonSchema, ctx: SchemaContext): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const shape = Object.fromEntries(
    Object.entries(properties).map(([key, child]) => [key, validArbitrary(child, ctx, key)]),
  );
  const record = fc.record(shape, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
  const extra = schema.additionalProperties;
  if (!extra || typeof extra !== 'object') return record;
  const values = Object.keys(extra).length ? validArbitrary(extra, ctx) : fc.jsonValue({ maxDepth: 2 });
  return fc
    .tuple(record, fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), values, { maxKeys: 3 }))
    .map(([known, more]) => ({ ...more, ...known }));
}

/** Values built to be refused: a valid-shaped value with one hostile part, or a hostile whole. */
export function hostileArbitrary(schema: JsonSchema, ctx: SchemaContext): fc.Arbitrary<unknown> {
  if (schema.$ref) return hostileArbitrary(ctx.resolve(schema.$ref), ctx);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => hostileArbitrary(branch, ctx)));
  const types = typesOf(schema);
  const specific: fc.Arbitrary<unknown>[] = [];
  if (schema.enum) specific.push(hostileEnum(schema.enum));
  else if (types.includes('object')) specific.push(...hostileObject(schema, ctx));
  else if (types.includes('array')) specific.push(...hostileArray(schema, ctx));
  else if (types.includes('string')) specific.push(hostileString(schema));
  else if (types.includes('integer') || types.includes('number')) specific.push(hostileNumber(schema));
  else if (types.includes('boolean')) specific.push(fc.constantFrom<unknown>('true', 'false', 1, 0, 'on'));
  return specific.length
    ? fc.oneof({ arbitrary: fc.oneof(...specific), weight: 3 }, hostileValue)
    : hostileValue;
}

function hostileEnum(values: unknown[]): fc.Arbitrary<unknown> {
  const strings = values.filter((value): value is string => typeof value === 'string');
  return fc.oneof(
    fc.constantFrom<unknown>('owner', 'ADMIN', `${strings[0] ?? ''} `, ...HOSTILE_STRINGS.slice(0, 6)),
    fc.constantFrom<unknown>(strings, { value: strings[0] }),
  );
}

function hostileString(schema: JsonSchema): fc.Arbitrary<unknown> {
  const max = schema.maxLength ?? 10_000;
  // Just past the limit, and far past it (capped: a long string costs every layer it passes).
  const lengths = [max + 1, Math.min(max * 4, 20_000) + 1].map((n) => 'x'.repeat(n));
  if ((schema.minLength ?? 0) > 1) lengths.push('x'.repeat(schema.minLength! - 1));
  return fc.oneof(
    { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
    { arbitrary: fc.constantFrom(...lengths), weight: 2 },
    { arbitrary: fc.constantFrom(...WRONG_TYPES, ...HOSTILE_NUMBERS), weight: 2 },
  );
}

function hostileNumber(schema: JsonSchema): fc.Arbitrary<unknown> {
  const edges = [schema.minimum, schema.maximum]
    .filter((n): n is number => typeof n === 'number')
    .flatMap((n) => [n - 1, n + 1, n + 0.5]);
  return fc.constantFrom<unknown>(...HOSTILE_NUMBERS, ...edges, '1', '1e400', 'NaN', ...WRONG_TYPES);
}

function hostileArray(schema: JsonSchema, ctx: SchemaContext): fc.Arbitrary<unknown>[] {
  const item = validArbitrary(schema.items ?? {}, ctx);
  const tooMany = (schema.maxItems ?? 1000) + 1;
  return [
    fc
      .tuple(fc.array(item, { maxLength: 3 }), hostileArbitrary(schema.items ?? {}, ctx))
      .map(([items, bad]) => [...items, bad]),
    item.map((value) => Array.from({ length: tooMany }, () => value)),
    fc.constant([]),
  ];
}

function hostileObject(schema: JsonSchema, ctx: SchemaContext): fc.Arbitrary<unknown>[] {
  const valid = validObject(schema, ctx);
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const required = (schema.required ?? []).filter((key) => key in properties);
  const variants: fc.Arbitrary<unknown>[] = [
    fc.tuple(valid, hostileKey, hostileValue).map(([value, key, bad]) => withKey(value, key, bad)),
    fc.tuple(valid, fc.constantFrom(...PROTOTYPE_POLLUTION)).map(([value, proto]) => ({
      ...(value as object),
      nested: proto,
    })),
  ];
  if (names.length) {
    const oneBadField = fc
      .constantFrom(...names)
      .chain((key) =>
        fc
          .tuple(valid, hostileArbitrary(properties[key]!, ctx))
          .map(([value, bad]) => withKey(value, key, bad)),
      );
    variants.push(oneBadField, oneBadField);
  }
  if (required.length) {
    variants.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([value, key]) => {
        const copy = { ...(value as Record<string, unknown>) };
        delete copy[key];
        return copy;
      }),
    );
  }
  // The whole object as a prototype-pollution attempt.
  variants.push(fc.constantFrom(new RawJson('{"__proto__":{"polluted":"yes"},"constructor":{"a":1}}')));
  return variants;
}
