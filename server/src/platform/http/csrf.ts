import { createHmac } from 'node:crypto';
import fastifyCsrf from '@fastify/csrf-protection';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieValue } from '../auth/session-cache.ts';
import { AppError } from '../errors.ts';
import type { App } from './route.ts';

/**
 * What a CSRF token is bound to: the session token (before its signature), or `anonymous` for a
 * visitor who is not signed in. A token minted for one session is refused with any other session.
 */
function boundTo(request: FastifyRequest): string {
  const token = sessionCookieValue(request)?.split('.')[0];
  return token ? `session:${token}` : 'anonymous';
}

/** Double-submit CSRF tokens (secret in a signed HttpOnly cookie) bound to the session. */
export async function registerCsrf(app: App, options: { secret: string; secure: boolean }) {
  await app.register(fastifyCsrf, {
    sessionPlugin: '@fastify/cookie',
    cookieKey: 'portal_csrf',
    cookieOpts: { signed: true, httpOnly: true, sameSite: 'lax', path: '/', secure: options.secure },
    csrfOpts: { hmacKey: createHmac('sha256', options.secret).update('csrf-binding').digest() },
    getUserInfo: boundTo,
    getToken: (request) => request.headers['x-csrf-token'] as string | undefined,
  });
}

/** The token GET /api/v1/config hands to the page. */
export function issueCsrfToken(request: FastifyRequest, reply: FastifyReply): string {
  return reply.generateCsrf({ userInfo: boundTo(request) });
}

/**
 * Browsers say where a request comes from (Origin, Sec-Fetch-Site). A state-changing call that a
 * browser marks as coming from another site is refused before the token is even looked at; clients
 * that send neither header (curl, tests) still need the token.
 */
export function assertSameOrigin(request: FastifyRequest, publicOrigin: string): void {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') throw crossSite();
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const own = `${request.protocol}://${request.host}`;
  if (origin !== publicOrigin && origin !== own) throw crossSite();
}

const crossSite = () =>
  new AppError('csrf_invalid', 'Cross-site requests are not allowed', {
    errors: ['Cross-site requests are not allowed'],
  });
