import type { Socket } from 'node:net';
import type { ErrorCode } from '@portal/contracts';
import { ERROR_STATUS } from '../errors.ts';
import type { Logger } from '../logger.ts';

/** What Node's HTTP parser refuses before any route runs, in the portal's terms. */
const CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    code: 'headers_too_large',
    message: 'The address or the request headers are too long (16 kB at most together)',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'request_timeout', message: 'The request took too long to arrive' },
};
const MALFORMED = { code: 'bad_request' as const, message: 'The request could not be understood' };

/**
 * Answers requests Node's HTTP parser refuses (a URL or headers over 16 kB, a malformed request, a
 * request that never finishes arriving) in the one error shape, instead of Fastify's own
 * `{error, message, statusCode}`. No route or hook runs for them, so the answer is written on the
 * socket here, with a request id of its own, and the connection is closed, as Node does.
 */
export function createClientErrorHandler(log: Logger, nextRequestId: () => string) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { code, message } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
    const status = ERROR_STATUS[code];
    const requestId = nextRequestId();
    log.debug({ err: error, request_id: requestId, status }, 'client error');
    const body = JSON.stringify({ message, errors: [message], code, request_id: requestId });
    if (socket.writable) {
      socket.write(
        [
          `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Bad Request'}`,
          'Content-Type: application/json; charset=utf-8',
          `Content-Length: ${Buffer.byteLength(body)}`,
          'Cache-Control: no-store',
          'X-Content-Type-Options: nosniff',
          'Connection: close',
          '',
          body,
        ].join('\r\n'),
      );
    }
    socket.destroy(error);
  };
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};
