import type { ApiError, ErrorCode } from '@portal/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import { AppError, ERROR_STATUS } from '../errors.ts';
import { fieldMessages, UNKNOWN_FIELD } from './validation.ts';

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  code: ErrorCode,
  message: string,
  extra: Partial<ApiError> = {},
) {
  const body: ApiError = { message, errors: extra.errors ?? [message], code, request_id: request.id };
  if (extra.fields) body.fields = extra.fields;
  return reply.status(ERROR_STATUS[code]).type('application/json').send(body);
}

function fieldsFromValidation(error: FastifyError): { fields: Record<string, string[]>; errors: string[] } {
  const entries: Array<{ path: string; message: string }> = [];
  for (const issue of error.validation ?? []) {
    const path = issue.instancePath.split('/').filter(Boolean);
    // An unknown field is named at its own path, like a bad value of a known one (one rule: bodies
    // are strict, platform/http/strict-bodies.ts).
    const keys = (issue.params as { keys?: unknown } | undefined)?.keys;
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys) && keys.length) {
      for (const key of keys)
        entries.push({ path: [...path, String(key)].join('.'), message: UNKNOWN_FIELD });
      continue;
    }
    entries.push({
      path: path.join('.') || (error.validationContext ?? 'body'),
      message: issue.message ?? 'is invalid',
    });
  }
  // Keys a request chose (`toString`, `__proto__`) are plain keys here, never a prototype's.
  return {
    fields: fieldMessages(entries),
    errors: entries.map(({ path, message }) => `${path}: ${message}`),
  };
}

const STATUS_TO_CODE: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
};

/** The one place an error becomes a response. Unknown errors are logged and answered without detail. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    for (const [name, value] of Object.entries(error.details.headers ?? {})) reply.header(name, value);
    return send(reply, request, error.code, error.message, {
      ...(error.details.errors ? { errors: error.details.errors } : {}),
      ...(error.details.fields ? { fields: error.details.fields } : {}),
    });
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    const { fields, errors } = fieldsFromValidation(error);
    return send(reply, request, 'validation_failed', 'Validation failed', { errors, fields });
  }
  if (error.code === 'FST_CSRF_INVALID_TOKEN' || error.code === 'FST_CSRF_MISSING_SECRET') {
    return send(
      reply,
      request,
      'csrf_invalid',
      'Invalid or missing CSRF token. Reload the page and try again.',
    );
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return send(reply, request, 'validation_failed', 'The request body is not valid JSON');
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = STATUS_TO_CODE[status] ?? 'bad_request';
    return send(reply, request, code, humanMessage(code));
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error, request_id: request.id }, 'database unavailable');
    reply.header('Retry-After', '5');
    return send(reply, request, 'unavailable', 'The portal cannot reach its database. Try again shortly.');
  }
  request.log.error({ err: error, request_id: request.id }, 'unhandled error');
  return send(reply, request, 'internal', 'Something went wrong on our side. It has been logged.');
}

function humanMessage(code: ErrorCode): string {
  switch (code) {
    case 'bad_request':
      return 'The request could not be understood';
    case 'payload_too_large':
      return 'The request is too large';
    case 'uri_too_long':
      return 'The address is too long';
    case 'unsupported_media_type':
      return 'Unsupported content type';
    case 'not_found':
      return 'Not found';
    default:
      return code.replaceAll('_', ' ');
  }
}
