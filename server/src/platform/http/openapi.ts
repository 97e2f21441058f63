import fastifySwagger from '@fastify/swagger';
import { ApiError } from '@portal/contracts';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { App } from './route.ts';

/** The error shape is one component every error response refers to. */
const ErrorBody = ApiError.meta({ id: 'ApiError' });

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorBody } },
});

/** What any route may answer besides its success: the error handler's statuses, all one shape. */
const ERROR_RESPONSES = {
  400: errorResponse('The request could not be understood (bad URL, wrong content)'),
  401: errorResponse('Not signed in, or wrong credentials'),
  403: errorResponse('Not allowed, or a missing / cross-site CSRF token'),
  404: errorResponse('Not found, or not visible to the caller'),
  409: errorResponse('Conflicts with the current state'),
  413: errorResponse('The body or upload is too large'),
  414: errorResponse('The address is too long'),
  408: errorResponse('The request took too long to arrive'),
  415: errorResponse('Unsupported content type or charset'),
  422: errorResponse('Validation failed; `fields` names the fields'),
  429: errorResponse('Too many requests; see Retry-After'),
  431: errorResponse('The address and headers together are over 16 kB'),
  500: errorResponse('Unexpected server error (logged with the request id)'),
  503: errorResponse('A dependency is unavailable; try again'),
};

/** OpenAPI 3.1 generated from the zod route schemas, served at /api/v1/openapi.json. */
export async function registerOpenApi(app: App, config: Config) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${config.platformName} Developer Portal API`,
        version: '1',
        description:
          'Session-cookie API of the developer portal. State-changing calls send the CSRF token from GET /api/v1/config in the x-csrf-token header.',
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: (input) => {
      const response = { ...ERROR_RESPONSES, ...(input.schema?.response as object | undefined) };
      const successes = Object.keys(response).filter((status) => status.startsWith('2'));
      // Routes that answer without a body (DELETE) say so instead of an undocumented 200.
      if (successes.length === 0) Object.assign(response, { 204: z.null().describe('No Content') });
      const transformed = jsonSchemaTransform({ ...input, schema: { ...input.schema, response } });
      const documented = (input.route.config as { documentedBody?: Record<string, z.ZodType> } | undefined)
        ?.documentedBody;
      if (!documented) return transformed;
      // A body the handler reads itself: one schema per content type (@fastify/swagger's `content`).
      const content = Object.fromEntries(
        Object.entries(documented).map(([type, schema]) => [type, { schema: bodySchema(schema) }]),
      );
      return { ...transformed, schema: { ...transformed.schema, body: { content } } };
    },
    transformObject: jsonSchemaTransformObject,
  });
  app.get('/api/v1/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}

/** A zod schema as the JSON Schema of a request body (what a client sends: the input side). */
function bodySchema(schema: z.ZodType) {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return json;
}
