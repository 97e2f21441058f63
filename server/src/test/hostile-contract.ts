import { ERROR_CODES } from '@portal/contracts';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { LightMyRequestResponse } from 'fastify';
import { ERROR_STATUS } from '../platform/errors.ts';
import type { OpenApiDocument, Operation } from './hostile-requests.ts';

/** What must never reach a client: stack frames, file paths, and PostgreSQL's or Drizzle's words. */
const LEAKS: Array<[string, RegExp]> = [
  ['a stack frame', /\n\s+at\s|\bat\s\S+\s\([^)]*:\d+:\d+\)/],
  ['a node_modules path', /node_modules/],
  ['a source path', /file:\/\/|\/src\/[\w/.-]+\.ts\b/],
  ['the server directory', new RegExp(process.cwd().replaceAll('/', '\\/'))],
  ['a failed query', /Failed query|syntax error at or near|invalid input syntax for/i],
  ['a constraint name', /violates [\w-]+ (?:key )?constraint|duplicate key value/i],
  ['a relation or column', /\b(?:relation|column) "\w+"/],
  ['qualified SQL identifiers', /"\w+"\."\w+"/],
];

const ANY_LEAK = new RegExp(LEAKS.map(([, pattern]) => `(?:${pattern.source})`).join('|'), 'i');

/** Why a body leaks internals, or null. */
export function leakIn(body: string): string | null {
  if (!ANY_LEAK.test(body)) return null;
  return LEAKS.find(([, pattern]) => new RegExp(pattern.source, 'i').test(body))![0];
}

const ERROR_KEYS = new Set(['message', 'errors', 'code', 'fields', 'request_id']);

/** Why a 4xx body is not the portal's one error shape (with the status its code maps to), or null. */
export function errorShapeProblem(res: LightMyRequestResponse, requestId: string | undefined): string | null {
  let body: Record<string, unknown>;
  try {
    body = res.json();
  } catch {
    return 'the body is not JSON';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'the body is not an object';
  const unknown = Object.keys(body).filter((key) => !ERROR_KEYS.has(key));
  if (unknown.length) return `unexpected keys ${unknown.join(', ')}`;
  if (typeof body.message !== 'string' || !body.message) return 'no message';
  if (!Array.isArray(body.errors) || !body.errors.every((e) => typeof e === 'string'))
    return 'no errors list';
  if (!(ERROR_CODES as readonly unknown[]).includes(body.code)) return `unknown code ${String(body.code)}`;
  const status = ERROR_STATUS[body.code as keyof typeof ERROR_STATUS];
  if (status !== res.statusCode) return `code ${String(body.code)} answers ${status}, not ${res.statusCode}`;
  if (typeof body.request_id !== 'string' || !body.request_id) return 'no request_id';
  if (requestId && /^[\w-]{8,64}$/.test(requestId) && body.request_id !== requestId)
    return `request_id ${body.request_id} is not the caller's ${requestId}`;
  if (!res.headers['content-type']?.toString().startsWith('application/json')) return 'not application/json';
  return null;
}

/**
 * Checks responses against the OpenAPI document: the status is documented for the operation, and a
 * JSON body validates (draft 2020-12, as OpenAPI 3.1 specifies) against that status's schema.
 */
export function createContract(doc: OpenApiDocument) {
  // `format` is an annotation in draft 2020-12 (OpenAPI 3.1's dialect) unless a schema opts in to the
  // format-assertion vocabulary, which ours do not: zod writes its own check as `pattern` beside it
  // (its e-mail rule accepts addresses ajv-formats would not), and that pattern is what is asserted.
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
  // Component references (`#/components/schemas/ApiError`) resolve against the document itself.
  ajv.addSchema({ $id: 'openapi', components: doc.components ?? {} });
  const compiled = new Map<object, ValidateFunction>();
  const rebase = (schema: unknown): unknown =>
    JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/components/', '"$ref":"openapi#/components/'));
  const validatorFor = (schema: object) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(rebase(schema) as object);
      compiled.set(schema, validate);
    }
    return validate;
  };

  /** Whether a request body satisfies its documented schema. */
  const bodyValidator = (schema: object) => {
    const validate = validatorFor(schema);
    return (body: unknown) => validate(body);
  };

  /** Why the response breaks the documented contract of `op`, or null. */
  function contractProblem(op: Operation, res: LightMyRequestResponse): string | null {
    if (!op.documented) return `${op.method} ${op.url} is not in the OpenAPI document`;
    const documented = op.documented.responses[String(res.statusCode)];
    if (!documented) return `status ${res.statusCode} is not documented`;
    const content = documented.content;
    if (!content) return res.body === '' ? null : `a ${res.statusCode} documented without a body has one`;
    const type = String(res.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    const media = content[type];
    if (!media) return `content type "${type}" is not documented for ${res.statusCode}`;
    if (type !== 'application/json') return null;
    let body: unknown;
    try {
      body = res.json();
    } catch {
      return 'the body is not JSON';
    }
    const validate = validatorFor(media.schema);
    if (validate(body)) return null;
    return `the body does not match the schema: ${ajv.errorsText(validate.errors)}`;
  }

  return { contractProblem, bodyValidator };
}
