import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionUser } from '../auth/session-user.ts';
import type { AppContext } from '../context.ts';

/**
 * `service`: the platform's own services, with a bearer token from SERVICE_TOKENS (auth/service-token.ts).
 * `bearer`: outside /api only — the authorization servers and the platform API, where the client or
 * its OAuth access token is checked by features/oauth (never a session, so no CSRF token).
 */
export type Access = 'public' | 'user' | 'admin' | 'service' | 'bearer';

export type RegisteredRoute = { method: string; url: string; access: Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Required: the server refuses to start when a route lacks it. */
    access?: Access;
    /** Set false only for machine-to-machine endpoints that never rely on the session cookie. */
    csrf?: boolean;
    /**
     * A body the handler reads itself (JSON or form data), by content type: documented in the
     * OpenAPI document like a route schema's body, but not validated by the route.
     */
    documentedBody?: Record<string, import('zod').ZodType>;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    ctx: AppContext;
    /** Every /api route with its access level, for the access-control test. */
    routeRegistry: RegisteredRoute[];
    /** Every `bearer` route outside /api (/oauth, /rest and their production twins), for their suite. */
    platformRouteRegistry: RegisteredRoute[];
  }
}

export type App = FastifyInstance<
  import('node:http').Server,
  import('node:http').IncomingMessage,
  import('node:http').ServerResponse,
  import('fastify').FastifyBaseLogger,
  ZodTypeProvider
>;

/** The signed-in user; routes declared `user` or `admin` can rely on it being there. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new Error('currentUser() called on a route that does not require sign-in');
  return request.user;
}
