import type { ErrorCode } from '@portal/contracts';

/** HTTP status per error code; `satisfies` keeps a new code from going unmapped. */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 422,
  unauthenticated: 401,
  forbidden: 403,
  csrf_invalid: 403,
  not_found: 404,
  conflict: 409,
  stale_state: 409,
  rate_limited: 429,
  payload_too_large: 413,
  uri_too_long: 414,
  /** The request line and headers together are over Node's 16 kB (a URL that long, say). */
  headers_too_large: 431,
  request_timeout: 408,
  unsupported_media_type: 415,
  email_not_confirmed: 403,
  invalid_credentials: 401,
  unavailable: 503,
  internal: 500,
} as const satisfies Record<ErrorCode, number>;

export type ErrorDetails = {
  /** Human-readable messages; the web shows `errors` first, then `message`. */
  errors?: string[];
  /** Per-field messages keyed by the body's field path (`redirect_uri`, `developer_app.name`). */
  fields?: Record<string, string[]>;
  /** Extra response headers (Retry-After, rate-limit headers). */
  headers?: Record<string, string>;
};

/** The one error class services throw; the error handler turns it into the API error shape. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails;

  constructor(code: ErrorCode, message: string, details: ErrorDetails = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do that') =>
  new AppError('forbidden', message);

/** A validation failure on one field, shaped like schema failures. */
export function fieldError(field: string, message: string): AppError {
  return new AppError('validation_failed', message, { errors: [message], fields: { [field]: [message] } });
}
