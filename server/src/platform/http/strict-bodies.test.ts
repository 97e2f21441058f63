import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loosePaths, registerStrictBodies } from './strict-bodies.ts';

describe('strict bodies', () => {
  test('finds every object that would drop unknown keys, wherever it sits', () => {
    assert.deepEqual(loosePaths(z.object({ a: z.string() })), ['(body)']);
    assert.deepEqual(loosePaths(z.strictObject({ a: z.string() })), []);
    assert.deepEqual(
      loosePaths(
        z.strictObject({
          inner: z.object({ b: z.number() }),
          list: z.array(z.object({ c: z.string() })).optional(),
          either: z.union([z.strictObject({ d: z.string() }), z.object({ e: z.string() })]),
        }),
      ),
      ['inner', 'list.items', 'either'],
    );
    // Objects that say what other keys are: records, catchalls, deliberately loose ones.
    assert.deepEqual(loosePaths(z.record(z.string(), z.unknown())), []);
    assert.deepEqual(loosePaths(z.strictObject({ meta: z.object({}).catchall(z.string()) })), []);
    assert.deepEqual(loosePaths(z.strictObject({ any: z.looseObject({ f: z.string() }) })), []);
    assert.deepEqual(loosePaths(z.strictObject({ a: z.string() }).nullish()), []);
  });

  test('boot fails on a route whose body, or the body it documents, lets unknown fields through', async () => {
    const boot = async (route: { body?: z.ZodType; documented?: z.ZodType }) => {
      const app = Fastify();
      app.setValidatorCompiler(validatorCompiler);
      app.setSerializerCompiler(serializerCompiler);
      registerStrictBodies(app);
      app.patch(
        '/api/v1/thing',
        {
          schema: route.body ? { body: route.body } : {},
          config: route.documented ? { documentedBody: { 'multipart/form-data': route.documented } } : {},
        },
        async () => ({}),
      );
      await app.ready();
      await app.close();
    };
    await boot({ body: z.strictObject({ name: z.string() }) });
    await assert.rejects(
      boot({ body: z.strictObject({ owner: z.object({ id: z.string() }) }) }),
      /PATCH \/api\/v1\/thing: its body must refuse unknown fields \(z\.strictObject\) at owner/,
    );
    await assert.rejects(boot({ documented: z.object({ file: z.string() }) }), /at \(body\)/);
  });
});
