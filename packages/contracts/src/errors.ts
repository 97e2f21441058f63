import { z } from 'zod';

/** Every error the API can answer with. The server maps each code to one HTTP status. */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'csrf_invalid',
  'not_found',
  'conflict',
  'stale_state',
  'rate_limited',
  'payload_too_large',
  'uri_too_long',
  'headers_too_large',
  'request_timeout',
  'unsupported_media_type',
  'email_not_confirmed',
  'invalid_credentials',
  'unavailable',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error shape every failing response has. */
export const ApiError = z.object({
  message: z.string(),
  errors: z.array(z.string()),
  code: z.enum(ERROR_CODES),
  fields: z.record(z.string(), z.array(z.string())).optional(),
  request_id: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiError>;
