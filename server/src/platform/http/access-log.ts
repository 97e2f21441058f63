import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Logger } from '../logger.ts';

/** A request slower than this is logged at warn whatever the access-log level. */
export const SLOW_REQUEST_MS = 1_000;

/**
 * One line per request instead of Fastify's two JSON lines: at the access-log level (`info` in a
 * terminal, `debug` otherwise), or at warn when the request failed on the server or was slow, so
 * operators see those at the default `info` without paying for a line per request.
 */
export class AccessLog extends LogController {
  readonly #level: 'info' | 'debug';

  constructor(level: 'info' | 'debug') {
    super();
    this.#level = level;
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const ms = reply.elapsedTime;
    const level = error || reply.statusCode >= 500 || ms > SLOW_REQUEST_MS ? 'warn' : this.#level;
    if (!(request.log as Logger).isLevelEnabled(level)) return;
    request.log[level](
      { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(ms), err: error },
      `${request.method} ${request.url} ${reply.statusCode} ${Math.round(ms)} ms`,
    );
  }
}
