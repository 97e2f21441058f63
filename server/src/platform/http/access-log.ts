import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Logger } from '../logger.ts';
import { redactUrl } from './redact-url.ts';

/** A request slower than this is logged at warn whatever the access-log level. */
export const SLOW_REQUEST_MS = 1_000;

/**
 * One line per request instead of Fastify's two JSON lines: at the access-log level (`info` in a
 * terminal, `debug` otherwise), or at warn when the request failed on the server or was slow, so
 * operators see those at the default `info` without paying for a line per request. One-time tokens
 * in the URL (a confirmation or reset link, an invitation) are redacted, as cookies and passwords are.
 */
export class AccessLog extends LogController {
  readonly #level: 'info' | 'debug';

  constructor(level: 'info' | 'debug') {
    super();
    this.#level = level;
  }

  override incomingRequest(): void {}

  // Fastify's own lines that would print the raw URL or request: the access line says it redacted.
  override routeNotFound(): void {}

  override defaultErrorLog(error: Error, _request: FastifyRequest, reply: FastifyReply) {
    reply.log[reply.statusCode >= 500 ? 'error' : 'info']({ err: error }, error.message);
  }

  override writeHeadError(error: Error, _request: FastifyRequest, reply: FastifyReply) {
    reply.log.warn({ err: error }, error.message);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const ms = reply.elapsedTime;
    const level = error || reply.statusCode >= 500 || ms > SLOW_REQUEST_MS ? 'warn' : this.#level;
    if (!(request.log as Logger).isLevelEnabled(level)) return;
    const url = redactUrl(request.url, request.routeOptions.url);
    request.log[level](
      { method: request.method, url, status: reply.statusCode, ms: Math.round(ms), err: error },
      `${request.method} ${url} ${reply.statusCode} ${Math.round(ms)} ms`,
    );
  }
}
