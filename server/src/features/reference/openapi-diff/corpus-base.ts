/**
 * The base document the classifier's corpus changes, and the helpers its cases reach into it with:
 * a small API (widgets list, show, create; a gadget path with two methods).
 */

// biome-ignore lint/suspicious/noExplicitAny: OpenAPI documents are plain JSON
export type Json = any;

const obj = (properties: Json, required: string[] = []) => ({ type: 'object', required, properties });

/** A small document: widgets list, show, create; a gadget path with two methods. */
export function corpusBase(): Json {
  return {
    openapi: '3.1.0',
    info: { title: 'Corpus', version: 'v1.0' },
    security: [{ oauth2: [] }],
    paths: {
      '/widgets': {
        get: {
          operationId: 'listWidgets',
          parameters: [
            {
              name: 'status',
              in: 'query',
              required: false,
              schema: { type: 'string', enum: ['a', 'b', 'c'] },
            },
            { name: 'limit', in: 'query', required: false, schema: { type: 'integer' } },
            { name: 'X-Trace', in: 'header', required: false, schema: { type: 'string' } },
          ],
          responses: {
            200: {
              description: 'OK',
              headers: { 'X-Count': { schema: { type: 'integer' } } },
              content: {
                'application/json': {
                  schema: { type: 'array', items: { $ref: '#/components/schemas/Widget' } },
                },
              },
            },
          },
        },
        post: {
          operationId: 'createWidget',
          requestBody: {
            content: {
              'application/json': {
                schema: obj(
                  {
                    name: { type: 'string' },
                    size: { type: 'integer' },
                    color: { type: 'string', enum: ['red', 'blue'] },
                  },
                  ['name'],
                ),
              },
            },
          },
          responses: {
            201: {
              description: 'Created',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Widget' } } },
            },
          },
        },
      },
      '/widgets/{id}': {
        get: {
          operationId: 'showWidget',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          responses: {
            200: {
              description: 'OK',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Widget' } } },
            },
          },
        },
        delete: { operationId: 'deleteWidget', responses: { 204: { description: 'Deleted' } } },
      },
      '/gadgets': {
        get: { operationId: 'listGadgets', responses: { 200: { description: 'OK' } } },
        put: { operationId: 'replaceGadgets', responses: { 200: { description: 'OK' } } },
      },
    },
    components: {
      schemas: {
        Widget: obj(
          { id: { type: 'integer' }, name: { type: 'string' }, owner: obj({ login: { type: 'string' } }) },
          ['id'],
        ),
      },
      securitySchemes: {
        oauth2: { type: 'oauth2', flows: {} },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Key' },
      },
    },
  };
}

export const listParams = (doc: Json) => doc.paths['/widgets'].get.parameters;
export const createBody = (doc: Json) =>
  doc.paths['/widgets'].post.requestBody.content['application/json'].schema;
export const widget = (doc: Json) => doc.components.schemas.Widget;
