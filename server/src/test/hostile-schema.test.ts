import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  CreateNotificationBody,
  SignUpBody,
  UpdateCollaboratorsBody,
  UpdateDeveloperAppBody,
} from '@portal/contracts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { z } from 'zod';
import { encodeLoosely } from './hostile-requests.ts';
import { hostileArbitrary, type JsonSchema, type SchemaContext, validArbitrary } from './hostile-schema.ts';
import { RawJson, toJsonText } from './hostile-values.ts';

const ctx: SchemaContext = { resolve: () => ({}), known: (name) => (name.endsWith('_id') ? ['app-1'] : []) };
const schemas = { SignUpBody, CreateNotificationBody, UpdateCollaboratorsBody, UpdateDeveloperAppBody };
const ajv = new Ajv2020({ strict: false });

describe('the JSON Schema → fast-check generator', () => {
  for (const [name, zod] of Object.entries(schemas)) {
    const schema = z.toJSONSchema(zod, { io: 'input' }) as JsonSchema;
    const validate = ajv.compile(schema);

    test(`valid values for ${name} satisfy its JSON Schema`, () => {
      for (const value of fc.sample(validArbitrary(schema, ctx), { numRuns: 200, seed: 1 })) {
        assert.ok(validate(value), `${JSON.stringify(value)}: ${ajv.errorsText(validate.errors)}`);
      }
    });

    test(`most hostile values for ${name} are refused by its zod schema`, () => {
      const values = fc.sample(hostileArbitrary(schema, ctx), { numRuns: 200, seed: 1 });
      const refused = values.filter((value) => {
        const parsed = JSON.parse(toJsonText(value));
        return !zod.safeParse(parsed).success;
      });
      assert.ok(refused.length >= 120, `only ${refused.length} of 200 refused`);
    });
  }

  test('prototype keys, NUL and unpaired surrogates survive into the JSON text', () => {
    const value = JSON.parse('{"__proto__":{"polluted":"yes"}}');
    const text = toJsonText({ a: value, b: 'x\u0000\ud800', c: new RawJson('1e400') });
    assert.equal(text, '{"a":{"__proto__":{"polluted":"yes"}},"b":"x\\u0000\\ud800","c":1e400}');
  });

  test('an unpaired surrogate goes into a URL as its ill-formed UTF-8 bytes', () => {
    assert.equal(encodeLoosely('a\ud800/😀'), 'a%ED%A0%80%2F%F0%9F%98%80');
  });
});
