import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';

export type Access = 'public' | 'user' | 'admin';

export type RegisteredRoute = { method: string; url: string; access: Access };

/** The signed-in user as routes and services see it. */
export type SessionUser = {
  id: string;
  name: string;
  email: string;
  role: 'developer' | 'admin';
  employee: boolean;
  procoreId: number;
  companyName: string | null;
  criticalEmails: boolean;
  developerAppsBeta: boolean;
};

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

/** Copies better-auth's Set-Cookie headers onto the reply. */
export function forwardCookies(headers: Headers | undefined, reply: FastifyReply): void {
  const cookies = headers?.getSetCookie() ?? [];
  if (cookies.length) reply.header('set-cookie', cookies);
}

export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else if (value !== undefined) headers.set(key, String(value));
  }
  return headers;
}

/**
 * The list headers every paginated endpoint answers with: Total, Per-Page and Link (first, last,
 * and prev/next when there is such a page; prev/next carry the list's cursor when it gave one).
 */
export function setPageHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  page: {
    page: number;
    per_page: number;
    total: number;
    hasNext?: boolean;
    hasPrev?: boolean;
    next?: string;
    prev?: string;
  },
): void {
  reply.header('Total', String(page.total));
  reply.header('Per-Page', String(page.per_page));
  const last = Math.max(1, Math.ceil(page.total / page.per_page));
  const url = new URL(request.url, 'http://portal.invalid');
  const link = (p: number, rel: string, cursor?: string) => {
    url.searchParams.set('page', String(p));
    if (cursor) url.searchParams.set('cursor', cursor);
    else url.searchParams.delete('cursor');
    return `<${url.pathname}${url.search}>; rel="${rel}"`;
  };
  const links = [link(1, 'first'), link(last, 'last')];
  // A list that read its neighbours (platform/list.ts) knows; otherwise the page number decides.
  if (page.hasPrev ?? page.page > 1) links.push(link(Math.max(1, page.page - 1), 'prev', page.prev));
  if (page.hasNext ?? page.page < last) links.push(link(page.page + 1, 'next', page.next));
  reply.header('Link', links.join(', '));
}
