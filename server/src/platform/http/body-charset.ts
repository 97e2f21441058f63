import type { FastifyInstance, FastifyRequest, preParsingHookHandler, RouteOptions } from 'fastify';
import { AppError } from '../errors.ts';

const UTF8 = new Set(['utf-8', 'utf8']);

/** The declared charset of the request body, lower-cased, or null when none is declared. */
function charsetOf(request: FastifyRequest): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(request.headers['content-type'] ?? '');
  return match ? match[1]!.toLowerCase() : null;
}

const unsupportedCharset = (charset: string) =>
  new AppError('unsupported_media_type', `Send the body as UTF-8, not ${charset || 'an empty charset'}`);

/**
 * JSON and plain-text bodies are read as UTF-8 only. A body declared in another charset (utf-16,
 * latin1, …) is refused with 415 instead of being misread as UTF-8.
 */
export function registerBodyCharsetCheck(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const charset = charsetOf(request);
    if (charset !== null && !UTF8.has(charset)) return done(unsupportedCharset(charset), undefined);
    parseJson(request, body as string, done);
  });
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    const charset = charsetOf(request);
    if (charset !== null && !UTF8.has(charset)) return done(unsupportedCharset(charset), undefined);
    done(null, body);
  });
}

const BODILESS = new Set(['GET', 'HEAD']);

/** Whether a route answers a method that carries a body (anything but GET and HEAD). */
export const takesBody = (route: RouteOptions) =>
  [route.method].flat().some((method) => !BODILESS.has(method));

/**
 * Bodies are read as sent: a compressed request body (`Content-Encoding: gzip`, …) is refused with
 * 415 rather than inflated. No client of the API compresses what it sends, inflating is work an
 * attacker controls (a small body that expands a thousandfold), and the compression plugin's
 * request hook would otherwise run on every request. Only routes that take a body run the check.
 */
export function registerBodyEncodingCheck(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (takesBody(route)) route.preParsing = [refuseEncodedBody, route.preParsing ?? []].flat();
  });
}

const refuseEncodedBody: preParsingHookHandler = (request, _reply, payload, done) => {
  const encoding = request.headers['content-encoding'];
  if (encoding === undefined || encoding.trim().toLowerCase() === 'identity') return done(null, payload);
  done(new AppError('unsupported_media_type', `Send the body uncompressed, not as ${encoding}`), undefined);
};
