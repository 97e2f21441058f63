import fc from 'fast-check';
import { SHOWCASE_MP4 } from '../features/listings/testing.ts';
import { hostileArbitrary, type JsonSchema, type SchemaContext, validArbitrary } from './hostile-schema.ts';
import {
  DEEP_JSON_TEXTS,
  encodeLoosely,
  HOSTILE_FILE_NAMES,
  HOSTILE_JSON_TEXTS,
  HOSTILE_STRINGS,
  INVALID_UTF8_BODIES,
  toJsonText,
} from './hostile-values.ts';
import { pngBytes } from './uploads.ts';

export type Body = { payload: string | Buffer; type?: string };

/** `share` of the values from `valid`, the rest from `hostile`. */
export function mix<T>(valid: fc.Arbitrary<T>, hostile: fc.Arbitrary<T>, share: number): fc.Arbitrary<T> {
  const weight = Math.max(1, Math.round(share * 1000));
  return fc.oneof({ arbitrary: valid, weight }, { arbitrary: hostile, weight: Math.max(1, 1000 - weight) });
}

// Spellings of the JSON content type a route must accept like the plain one.
const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json ; charset=UTF-8',
];
const json = (value: unknown, type = 'application/json'): Body => ({ payload: toJsonText(value), type });

/** A route's multipart form: the prefix of its fields (`developer_app`, `submission`) and its file fields. */
export type FormShape = { prefix: string; files: string[] };

/** A multipart body with the given fields (and, if asked, a junk file part in the field `file`). */
export function multipartBody(fields: Record<string, unknown>, prefix: string, file: string | null): Body {
  const boundary = 'hostileBoundary7MA4YWxk';
  const name = (key: string) => (prefix ? `${prefix}[${key}]` : key);
  const parts = Object.entries(fields).map(
    ([key, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name(key)}"\r\n\r\n${
        typeof value === 'string' ? value : toJsonText(value)
      }\r\n`,
  );
  if (file) {
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file}"; filename="../../x.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n\u001a\njunk\r\n`,
    );
  }
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A value sent with a content type the route does not take, in a refused charset, or malformed. */
function wrongContentType(value: unknown): fc.Arbitrary<Body> {
  const text = toJsonText(value);
  const object = value && typeof value === 'object' && !Array.isArray(value) ? value : { value };
  const flat = Object.fromEntries(
    Object.entries(object).map(([key, v]) => [key, typeof v === 'string' ? v : toJsonText(v)]),
  );
  const utf16 = Buffer.from(text, 'utf16le');
  return fc.constantFrom<Body>(
    { payload: text, type: 'text/plain' },
    { payload: utf16, type: 'text/plain; charset=utf-16' },
    { payload: utf16, type: 'application/json; charset=utf-16' },
    {
      payload: Buffer.concat([Buffer.from([0xff, 0xfe]), utf16]),
      type: 'application/json; charset=UTF-16LE',
    },
    { payload: text, type: 'application/json; charset=' },
    { payload: text, type: 'application/json; charset=latin1' },
    { payload: text, type: 'application/vnd.api+json' },
    { payload: text, type: 'application/x-www-form-urlencoded' },
    { payload: new URLSearchParams(flat).toString(), type: 'application/x-www-form-urlencoded' },
    multipartBody(flat, '', null),
    {
      payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
      type: 'multipart/form-data; boundary=x',
    },
    { payload: text, type: 'multipart/form-data' },
    { payload: 'garbage', type: 'multipart/form-data; boundary=x' },
    { payload: '<a>1</a>', type: 'application/xml' },
    { payload: text, type: 'application/octet-stream' },
    { payload: text, type: '' },
    { payload: text },
  );
}

const bodyLimitPayloads = [8 * 1024 + 1, 1024 * 1024 + 1].map((size) => ({
  payload: `{"a":"${'x'.repeat(size)}"}`,
  type: 'application/json',
}));

/**
 * Bodies that are not JSON, not an object, not UTF-8, or too large. The large and deeply nested ones
 * cost milliseconds each and find the same thing every time, so they come rarely.
 */
const junkBody: fc.Arbitrary<Body> = fc.oneof(
  {
    arbitrary: fc
      .constantFrom(...HOSTILE_JSON_TEXTS)
      .map((payload) => ({ payload, type: 'application/json' })),
    weight: 40,
  },
  {
    arbitrary: fc.constantFrom(...DEEP_JSON_TEXTS).map((payload) => ({ payload, type: 'application/json' })),
    weight: 2,
  },
  {
    arbitrary: fc
      .constantFrom(...INVALID_UTF8_BODIES)
      .map((payload) => ({ payload, type: 'application/json' })),
    weight: 10,
  },
  { arbitrary: fc.constantFrom(...bodyLimitPayloads), weight: 2 },
);

export type BodyOptions = {
  /** When given, hostile values it accepts are dropped (routes where each valid body is costly). */
  accepts?: (body: unknown) => boolean;
  /** The body may also come as multipart form data: its fields' prefix and its file fields. */
  form?: FormShape | null;
};

/** Bodies for a route that takes `schema`: valid-shaped with probability `share`, else hostile. */
export function bodyArbitrary(
  schema: JsonSchema,
  ctx: SchemaContext,
  share: number,
  options: BodyOptions = {},
): fc.Arbitrary<Body> {
  const valid = validArbitrary(schema, ctx);
  const { accepts } = options;
  const hostile = accepts
    ? hostileArbitrary(schema, ctx).filter((value) => !accepts(JSON.parse(toJsonText(value))))
    : hostileArbitrary(schema, ctx);
  const validBodies = [
    fc.tuple(valid, fc.constantFrom(...JSON_TYPES)).map(([value, type]) => json(value, type)),
  ];
  const hostileBodies = [
    { arbitrary: hostile.map((value) => json(value)), weight: 6 },
    { arbitrary: junkBody, weight: 2 },
    { arbitrary: fc.oneof(hostile, accepts ? hostile : valid).chain(wrongContentType), weight: 2 },
  ];
  const form = options.form;
  if (form) {
    const prefix = form.prefix || 'developer_app';
    const junkFile = form.files[0] ?? 'thumbnail';
    validBodies.push(
      fc.tuple(valid, fc.boolean(), fc.boolean()).map(([value, nested, file]) => {
        const object = value && typeof value === 'object' ? (value as Record<string, object>) : {};
        const fields = object[prefix] ?? object;
        return multipartBody(fields as Record<string, unknown>, nested ? prefix : '', file ? junkFile : null);
      }),
    );
    const hostileForm = fc
      .tuple(fc.constantFrom(...HOSTILE_STRINGS), fc.constantFrom('name', 'contacts', 'legacy', '__proto__'))
      .map(([value, key]) => multipartBody({ [key]: value }, prefix, null));
    hostileBodies.push({ arbitrary: hostileForm, weight: 1 });
    // Files with hostile names: as often as every other hostile body together.
    if (form.files.length) hostileBodies.push({ arbitrary: fileFormArbitrary(form), weight: 10 });
  }
  return mix(fc.oneof(...validBodies), fc.oneof(...hostileBodies), share);
}

/** Bodies for a route that takes none: mostly none, else junk (refused, or ignored). */
export function strayBodyArbitrary(share: number): fc.Arbitrary<Body | null> {
  const junk = fc.oneof(junkBody, fc.jsonValue({ maxDepth: 2 }).chain(wrongContentType));
  return mix(fc.constant(null), junk, share);
}

/** A PDF as file-type knows one (the security document is checked by its magic bytes only). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** Files that fit their fields (so requests get past the content checks to the name), made once. */
const FITTING_FILES = [
  { field: /logo/, data: pngBytes(200, 200, { grey: 0xff }), type: 'image/png' },
  { field: /pictures/, data: pngBytes(1280, 720), type: 'image/png' },
  { field: /thumbnail/, data: pngBytes(64, 64), type: 'image/png' },
  { field: /document/, data: PDF, type: 'application/pdf' },
  { field: /./, data: SHOWCASE_MP4, type: 'video/mp4' },
];
const fittingFile = (field: string) => FITTING_FILES.find((file) => file.field.test(field))!;

/**
 * Multipart bodies with one file part whose name is hostile (HOSTILE_FILE_NAMES), sent raw or as
 * RFC 5987's `filename*` (percent-encoded, an unpaired surrogate as its ill-formed UTF-8 bytes); its
 * content fits the field four times in five, else it is junk.
 */
export function fileFormArbitrary(form: FormShape): fc.Arbitrary<Body & { fileName: string }> {
  return fc
    .tuple(fc.constantFrom(...form.files), fc.constantFrom(...HOSTILE_FILE_NAMES), fc.boolean(), fc.nat(4))
    .map(([field, name, encoded, pick]) => {
      const file =
        pick === 0 ? { data: Buffer.from('junk'), type: 'application/octet-stream' } : fittingFile(field);
      const boundary = 'hostileFileBoundary9QX';
      const disposition = encoded ? `filename*=UTF-8''${encodeLoosely(name)}` : `filename="${name}"`;
      return {
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; ${disposition}\r\nContent-Type: ${file.type}\r\n\r\n`,
          ),
          file.data,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        type: `multipart/form-data; boundary=${boundary}`,
        fileName: name,
      };
    });
}
