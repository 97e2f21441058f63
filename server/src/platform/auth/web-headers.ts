import type { FastifyReply, FastifyRequest } from 'fastify';

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
