import fc from 'fast-check';
import type { RegisteredRoute } from '../platform/http/route.ts';
import {
  type BodyOptions,
  bodyArbitrary,
  type FormShape,
  fileFormArbitrary,
  mix,
  strayBodyArbitrary,
} from './hostile-bodies.ts';
import { type JsonSchema, type SchemaContext, validArbitrary } from './hostile-schema.ts';
import { encodeLoosely, HOSTILE_STRINGS } from './hostile-values.ts';

export { encodeLoosely };

export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};
type OpenApiOperation = {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
};

type Param = { name: string; required: boolean; schema: JsonSchema };

/** One endpoint as the generator sees it: the registered route plus its documented inputs. */
export type Operation = RegisteredRoute & {
  /** The OpenAPI operation, or null for a route the document hides. */
  documented: OpenApiOperation | null;
  path: Param[];
  query: Param[];
  body: JsonSchema | null;
  /** The body may also come as multipart form data: its fields' prefix and its file fields. */
  form: FormShape | null;
};

export type HostileRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Every registered /api route with the inputs its OpenAPI operation documents. */
export function operationsOf(doc: OpenApiDocument, routes: RegisteredRoute[]): Operation[] {
  return routes.map((route) => {
    const documented = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()] ?? null;
    const params = (where: string) =>
      (documented?.parameters ?? [])
        .filter((p) => p.in === where)
        .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema }));
    const content = documented?.requestBody?.content;
    return {
      ...route,
      documented,
      path: params('path'),
      query: params('query'),
      body: content?.['application/json']?.schema ?? null,
      form: formShapeOf(content?.['multipart/form-data']?.schema),
    };
  });
}

/** A documented multipart body's prefix (`developer_app[…]`, `submission[…]`) and file fields. */
function formShapeOf(schema: JsonSchema | undefined): FormShape | null {
  if (!schema) return null;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const names = Object.keys(properties);
  return {
    prefix: /^(\w+)\[/.exec(names[0] ?? '')?.[1] ?? '',
    files: names.filter((name) => properties[name]?.format === 'binary'),
  };
}

/** Path segments that break naive routers, decoders and length limits (raw, already URL-encoded). */
const HOSTILE_SEGMENTS = [
  '',
  '..',
  '%00',
  'a%00b',
  'a%2Fb',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  '%F0%9F%98%80',
  '%20',
  '%2520',
  '+',
  '__proto__',
  'constructor',
  '-1',
  '1e999',
  '%3Cscript%3E',
  "'%20OR%201%3D1--",
  'a;b=c',
  '%0D%0ASet-Cookie:%20x=1',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(101),
  'x'.repeat(201),
  'x'.repeat(512),
  'x'.repeat(513),
  'x'.repeat(600),
];

function segmentArbitrary(param: Param, ctx: SchemaContext, share: number): fc.Arbitrary<string> {
  const valid = validArbitrary(param.schema, ctx, param.name).map((value) => encodeLoosely(String(value)));
  const hostile = fc.oneof(
    { arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS), weight: 3 },
    { arbitrary: fc.constantFrom(...HOSTILE_STRINGS).map(encodeLoosely), weight: 1 },
  );
  return mix(valid, hostile, share);
}

/** Values for a declared query parameter: arrays where a scalar is expected, nesting, bad encodings. */
const targetedQuery = (name: string) => [
  `${name}=1&${name}=2`,
  `${name}[]=1`,
  `${name}[a]=1`,
  `${name}[a][b]=1`,
  `${name}=%00`,
  `${name}=`,
  name,
  `${name}=1e400`,
  `${name}=99999999999999999999999`,
  `${name}=-1`,
  `${name}=0x1f`,
  `${name}=1.5`,
  `${name}=NaN`,
  `${name}=%zz`,
  `${name}=%`,
  `${name}=%ED%A0%80`,
  `${name}=${'x'.repeat(5000)}`,
];

/** Parameters nobody declared: `filters[...]` nesting, prototype keys, bad names. */
const STRAY_QUERY = [
  'filters[page][$gt]=1&filters[0]=x',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  '__proto__=x&toString=1',
  '=x&&&',
  'a%00b=1',
  '%ED%A0%80=1',
  `q=${'x'.repeat(5000)}`,
];

function queryArbitrary(op: Operation, ctx: SchemaContext, share: number): fc.Arbitrary<string> {
  const valid = fc.tuple(
    ...op.query.map((param) => {
      const value = validArbitrary(param.schema, ctx, param.name).map(
        (v) => `${param.name}=${encodeLoosely(String(v))}`,
      );
      return param.required ? value : fc.option(value, { nil: '', freq: 2 });
    }),
  );
  const stray = fc.constantFrom(...STRAY_QUERY);
  // One declared parameter replaced by a hostile value, or a stray parameter added.
  const hostile = op.query.length
    ? fc.oneof(
        {
          arbitrary: fc.tuple(valid, fc.nat(op.query.length - 1), fc.nat(100)).map(([parts, at, pick]) => {
            const values = targetedQuery(op.query[at]!.name);
            return parts.map((part, i) => (i === at ? values[pick % values.length]! : part));
          }),
          weight: 3,
        },
        { arbitrary: fc.tuple(valid, stray).map(([parts, extra]) => [...parts, extra]), weight: 1 },
      )
    : fc.tuple(valid, stray).map(([parts, extra]) => [...parts, extra]);
  return mix(valid, hostile, op.query.length ? share : 0.75)
    .map((parts) => parts.filter(Boolean).join('&'))
    .map((query) => (query ? `?${query}` : ''));
}

/** Request ids the server must echo; some are hostile and must be replaced with its own. */
const requestIdArbitrary = fc.oneof(
  { arbitrary: fc.uuid().map((id) => `hostile-${id}`), weight: 9 },
  { arbitrary: fc.constantFrom('../../etc', 'x'.repeat(100), '<script>', 'a b'), weight: 1 },
);

export type RequestOptions = BodyOptions & {
  /** The share of requests valid-shaped in every part (and so reaching the handler); default 0.1. */
  validShare?: number;
};

/**
 * Requests for one operation. Each part the route takes (path, query, body) is valid-shaped or
 * hostile, so that `validShare` of the requests are valid in every part and the rest carry at least
 * one hostile part: path segments, query strings, bodies, content types.
 */
export function requestArbitrary(
  op: Operation,
  ctx: SchemaContext,
  session: Record<string, string>,
  options: RequestOptions = {},
): fc.Arbitrary<HostileRequest> {
  const parts = [op.path.length > 0, op.query.length > 0, op.body !== null].filter(Boolean).length;
  const share = (options.validShare ?? 0.1) ** (1 / Math.max(1, parts));
  const segments = fc.tuple(...op.path.map((param) => segmentArbitrary(param, ctx, share)));
  const stray = strayBodyArbitrary(op.method === 'GET' ? 0.9 : 0.6);
  // A route that takes only files (POST /videos) gets them, with hostile names, twice as often as junk.
  const body = op.body
    ? bodyArbitrary(op.body, ctx, share, { ...options, form: op.form })
    : op.form?.files.length
      ? fc.oneof({ arbitrary: stray, weight: 1 }, { arbitrary: fileFormArbitrary(op.form), weight: 2 })
      : stray;
  return fc
    .tuple(segments, queryArbitrary(op, ctx, share), body, requestIdArbitrary)
    .map(([values, query, body, requestId]) => {
      let i = 0;
      const path = op.url.replace(/:(\w+)/g, () => values[i++]!);
      const headers: Record<string, string> = { ...session, 'x-request-id': requestId };
      if (body?.type) headers['content-type'] = body.type;
      return {
        method: op.method,
        url: `${path}${query}`,
        headers,
        ...(body ? { payload: body.payload } : {}),
      };
    });
}
