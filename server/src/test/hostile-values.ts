import fc from 'fast-check';

/**
 * JSON text spliced verbatim into a generated body: numbers JavaScript cannot hold, nesting too deep
 * to build as objects cheaply, and `__proto__` keys that an object literal would swallow.
 */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** JSON text of a generated value; RawJson parts go in as they are. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value && typeof value === 'object') {
    const members = Object.keys(value).map(
      (key) => `${JSON.stringify(key)}:${toJsonText((value as Record<string, unknown>)[key])}`,
    );
    return `{${members.join(',')}}`;
  }
  // JSON.stringify writes NUL and unpaired surrogates as \u escapes, so they survive UTF-8 transport.
  return JSON.stringify(value) ?? 'null';
}

const deepArray = (depth: number) => new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`);
const deepObject = (depth: number) => new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

/** Strings PostgreSQL cannot store, or that trip up naive text handling. */
export const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udbff\udbff',
  '\ud83d',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '\ufeff',
  '\u200b\u200d',
  'e\u0301\u0301\u0301',
  '😀'.repeat(50),
  '',
  ' ',
  '\t\r\n',
  'null',
  'undefined',
  'NaN',
  '__proto__',
  'constructor',
  "' OR '1'='1' --",
  "Robert'); DROP TABLE users;--",
  '%00',
  '%s%s%n',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  'x\r\nSet-Cookie: injected=1',
  'javascript:alert(1)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}{{7*7}}',
  'x'.repeat(10_000),
] as const;

/** Values that are numbers on the wire but not ones a schema expects. */
export const HOSTILE_NUMBERS = [
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('123456789012345678901234567890'),
  new RawJson('-0'),
  new RawJson('1e-400'),
  new RawJson('9007199254740993'),
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MAX_SAFE_INTEGER + 2,
  -1,
  0,
  0.5,
  2 ** 31,
  -(2 ** 63),
];

/** Objects that try to reach the prototype chain. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
export const PROTOTYPE_POLLUTION = [
  new RawJson('{"__proto__":{"polluted":"yes"}}'),
  new RawJson('{"constructor":{"prototype":{"polluted":"yes"}}}'),
  new RawJson('{"__proto__":null}'),
  new RawJson('{"a":{"__proto__":{"polluted":"yes"}}}'),
];

/** Everything-but-the-right-type. */
export const WRONG_TYPES = [true, false, null, [], {}, [null], { '': '' }, ['a', 1, true], deepArray(100)];

/** Nesting deep enough to overflow a recursive walker; costly to parse, so generated rarely. */
export const DEEP_VALUES = [deepArray(5_000), deepObject(1_000)];

/** Any hostile JSON value: the strings, numbers, prototype objects and wrong types above. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 40 },
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 20 },
  { arbitrary: fc.constantFrom(...PROTOTYPE_POLLUTION), weight: 10 },
  { arbitrary: fc.constantFrom(...WRONG_TYPES), weight: 20 },
  { arbitrary: fc.constantFrom(...DEEP_VALUES), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 10 },
);

/** Keys a hostile body adds beside the schema's own. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...PROTOTYPE_KEYS, '', ' ', 'a\u0000b', '\ud800', 'toString', 'hasOwnProperty'),
  fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme-ascii' }),
);

/** Whole request bodies that are not an object, or not JSON at all (sent as application/json). */
export const HOSTILE_JSON_TEXTS = [
  '"a string"',
  '42',
  'null',
  'true',
  '[]',
  '[{}]',
  '',
  ' ',
  '{',
  '{"a":',
  '{"a":1}}',
  "{'a':1}",
  '{"a":1,}',
  'NaN',
  'undefined',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\x00"}',
  '{"a" 1}',
  '1e400',
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
] as const;

/** Nesting deep enough to overflow a recursive parser or walker (well under the 1 MB body limit). */
export const DEEP_JSON_TEXTS = [
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`,
] as const;

/** Raw bytes that are not UTF-8 inside an otherwise plain JSON object. */
export const INVALID_UTF8_BODIES = [
  Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
  Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')]),
  Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]),
];

/** encodeURIComponent, except that an unpaired surrogate is sent as its (ill-formed) UTF-8 bytes. */
export function encodeLoosely(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0xd800 || code > 0xdfff) out += encodeURIComponent(char);
    else
      for (const byte of [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)])
        out += `%${byte.toString(16).toUpperCase()}`;
  }
  return out;
}

/**
 * File names as a multipart part may carry them: NUL and unpaired surrogates (the database cannot
 * store them), paths, a 10 kB name, direction overrides that disguise an extension, controls, markup.
 */
export const HOSTILE_FILE_NAMES = [
  'a\u0000b.png',
  '\u0000',
  'shot\u0000.png',
  'x\ud800y.png',
  '\udfff.png',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '..',
  `${'n'.repeat(10_000)}.png`,
  'photo\u202egnp.exe',
  '\u2066\u2067\u200f.png',
  'a\u0007b\u001b[31m.png',
  '<img src=x onerror=alert(1)>.png',
  '',
  ' ',
] as const;
