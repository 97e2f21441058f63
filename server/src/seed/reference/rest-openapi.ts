/**
 * The `rest` resource group's two seeded OpenAPI documents: a slice of the platform REST API
 * (companies, projects, RFIs, submittals, observations, daily logs, and the OAuth issue's
 * /rest/v1.0/me and /companies). v2 differs from v1 by exactly REST_V2_CHANGES (the classifier's
 * seed test holds it to that).
 */
// biome-ignore lint/suspicious/noExplicitAny: OpenAPI documents are plain JSON
type Json = any;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json, description = 'OK', headers?: Json) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema } },
});
const list = (name: string) => json({ type: 'array', items: ref(name) });
const projectId = { name: 'project_id', in: 'path', required: true, schema: { type: 'integer' } };
const paging = [
  { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
  { name: 'per_page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } },
];

function operation(operationId: string, summary: string, tag: string, extra: Json = {}) {
  return { operationId, summary, tags: [tag], responses: { 200: json({ type: 'object' }) }, ...extra };
}

/** The first document (two years ago). */
export function restOpenApiV1(): Json {
  return {
    openapi: '3.0.3',
    info: {
      title: 'Platform REST API',
      version: 'v1.0',
      description: 'Construction projects, their people and documents.',
    },
    servers: [{ url: 'https://sandbox.platform.example' }],
    security: [{ oauth2: [] }],
    tags: ['Me', 'Companies', 'Projects', 'RFIs', 'Submittals', 'Observations', 'Daily logs'].map((name) => ({
      name,
    })),
    paths: {
      '/rest/v1.0/me': {
        get: operation('showMe', 'Show the signed-in user', 'Me', { responses: { 200: json(ref('Me')) } }),
      },
      '/rest/v1.0/companies': {
        get: operation('listCompanies', 'List companies', 'Companies', {
          parameters: paging,
          responses: { 200: list('Company') },
        }),
      },
      '/rest/v1.0/projects': {
        get: operation('listProjects', 'List projects', 'Projects', {
          parameters: [
            { name: 'company_id', in: 'query', required: true, schema: { type: 'integer' } },
            ...paging,
          ],
          responses: { 200: list('Project') },
        }),
        post: operation('createProject', 'Create a project', 'Projects', {
          requestBody: { required: true, content: { 'application/json': { schema: ref('ProjectInput') } } },
          responses: { 201: json(ref('Project'), 'Created') },
        }),
      },
      '/rest/v1.0/projects/{project_id}': {
        get: operation('showProject', 'Show a project', 'Projects', {
          parameters: [projectId],
          responses: { 200: json(ref('Project')) },
        }),
      },
      '/rest/v1.0/projects/{project_id}/rfis': {
        get: operation('listRfis', 'List RFIs', 'RFIs', {
          parameters: [projectId, ...paging],
          responses: { 200: list('Rfi') },
        }),
        post: operation('createRfi', 'Create an RFI', 'RFIs', {
          parameters: [projectId],
          requestBody: { required: true, content: { 'application/json': { schema: ref('RfiInput') } } },
          responses: { 201: json(ref('Rfi'), 'Created') },
        }),
      },
      '/rest/v1.0/projects/{project_id}/submittals': {
        get: operation('listSubmittals', 'List submittals', 'Submittals', {
          parameters: [projectId, ...paging],
          responses: { 200: list('Submittal') },
        }),
      },
      '/rest/v1.0/projects/{project_id}/observations': {
        get: operation('listObservations', 'List observations', 'Observations', {
          parameters: [
            projectId,
            {
              name: 'status',
              in: 'query',
              required: false,
              schema: { type: 'string', enum: ['draft', 'open', 'closed'] },
            },
          ],
          responses: { 200: list('Observation') },
        }),
      },
      '/rest/v1.0/projects/{project_id}/daily_logs': {
        get: operation('listDailyLogs', 'List daily logs', 'Daily logs', {
          parameters: [
            projectId,
            { name: 'log_date', in: 'query', required: false, schema: { type: 'string', format: 'date' } },
          ],
          responses: { 200: list('DailyLog') },
        }),
      },
      '/rest/v1.0/projects/{project_id}/daily_logs/weather': {
        get: operation('listWeatherLogs', 'List weather logs', 'Daily logs', {
          parameters: [projectId],
          responses: { 200: list('DailyLog') },
        }),
      },
    },
    components: {
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          flows: {
            authorizationCode: { authorizationUrl: '/oauth/authorize', tokenUrl: '/oauth/token', scopes: {} },
          },
        },
      },
      schemas: {
        Me: {
          type: 'object',
          required: ['id', 'login'],
          properties: { id: { type: 'integer' }, login: { type: 'string' }, name: { type: 'string' } },
        },
        Company: {
          type: 'object',
          required: ['id', 'name'],
          properties: { id: { type: 'integer' }, name: { type: 'string' }, is_active: { type: 'boolean' } },
        },
        Project: {
          type: 'object',
          required: ['id', 'name'],
          properties: {
            id: { type: 'integer' },
            name: { type: 'string' },
            display_name: { type: 'string' },
            active: { type: 'boolean' },
          },
        },
        ProjectInput: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string' }, start_date: { type: 'string', format: 'date' } },
        },
        Rfi: {
          type: 'object',
          required: ['id', 'subject'],
          properties: { id: { type: 'integer' }, subject: { type: 'string' }, status: { type: 'string' } },
        },
        RfiInput: {
          type: 'object',
          required: ['subject'],
          properties: {
            subject: { type: 'string' },
            question: { type: 'string' },
            priority: { type: 'string', enum: ['low', 'normal', 'high'] },
          },
        },
        Submittal: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer' }, title: { type: 'string' } },
        },
        Observation: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer' }, name: { type: 'string' }, status: { type: 'string' } },
        },
        DailyLog: {
          type: 'object',
          required: ['id'],
          properties: {
            id: { type: 'integer' },
            date: { type: 'string', format: 'date' },
            notes: { type: 'string' },
          },
        },
      },
    },
  };
}

/** What the classifier finds from v1 to v2: [kind, METHOD path]. */
export const REST_V2_CHANGES: Array<[string, string]> = [
  ['deprecated', 'GET /rest/v1.0/projects'],
  ['response_field_added', 'GET /rest/v1.0/companies'],
  ['optional_parameter_added', 'GET /rest/v1.0/projects/{project_id}/rfis'],
  ['enum_value_added', 'POST /rest/v1.0/projects/{project_id}/rfis'],
  ['response_header_added', 'GET /rest/v1.0/projects/{project_id}/submittals'],
  ['enum_value_removed', 'GET /rest/v1.0/projects/{project_id}/observations'],
  ['endpoint_removed', 'GET /rest/v1.0/projects/{project_id}/daily_logs/weather'],
  ['operation_added', 'GET /rest/v1.1/projects'],
];

/** The second document: v1.1 of projects, and the changes above. */
export function restOpenApiV2(): Json {
  const doc = restOpenApiV1();
  doc.info.version = 'v1.1';
  const paths = doc.paths;
  paths['/rest/v1.0/projects'].get.deprecated = true;
  doc.components.schemas.Company = structuredClone(doc.components.schemas.Company);
  doc.components.schemas.Company.properties.logo_url = { type: 'string', format: 'uri' };
  paths['/rest/v1.0/projects/{project_id}/rfis'].get.parameters.push({
    name: 'status',
    in: 'query',
    required: false,
    schema: { type: 'string' },
  });
  doc.components.schemas.RfiInput.properties.priority.enum = ['low', 'normal', 'high', 'urgent'];
  paths['/rest/v1.0/projects/{project_id}/submittals'].get.responses[200] = json(
    { type: 'array', items: ref('Submittal') },
    'OK',
    { Total: { description: 'The number of submittals', schema: { type: 'integer' } } },
  );
  paths['/rest/v1.0/projects/{project_id}/observations'].get.parameters[1].schema.enum = ['open', 'closed'];
  delete paths['/rest/v1.0/projects/{project_id}/daily_logs/weather'];
  paths['/rest/v1.1/projects'] = {
    get: operation('listProjectsV11', 'List projects (v1.1)', 'Projects', {
      parameters: [
        { name: 'company_id', in: 'query', required: true, schema: { type: 'integer' } },
        ...paging,
      ],
      responses: { 200: list('Project') },
    }),
  };
  return doc;
}
