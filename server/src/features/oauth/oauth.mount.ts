import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { App } from '../../platform/http/route.ts';
import { type OauthServer, OOB_REDIRECT_URI, PLATFORM_SCOPE } from './oauth.servers.ts';

type RawRequest = IncomingMessage & { originalUrl?: string; body?: unknown };

/**
 * The provider builds its URLs (metadata, redirects) from the portal's public URL, never from what a
 * client sent: the forwarded host and protocol are overwritten and the provider trusts only those.
 */
function publicOrigin(raw: RawRequest, publicUrl: string) {
  const url = new URL(publicUrl);
  raw.headers['x-forwarded-host'] = url.host;
  raw.headers['x-forwarded-proto'] = url.protocol.replace(':', '');
  delete raw.headers.forwarded;
}

/**
 * Hands a request to the provider (a Koa app) as Node's own req/res, the way its docs mount it under
 * another framework: the reply is hijacked after the portal's security headers are copied onto it.
 * Form bodies are read by Fastify (bounded), so the redirectless URN can be translated to the portal's
 * code page the provider registered in its place; the provider reads a pre-parsed body from req.body.
 */
export function mountProvider(app: App, server: OauthServer, provider: Provider) {
  const callback = provider.callback() as (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 56 * 1024 },
    (_request, body, done) => done(null, parseQuery(body as string)),
  );
  // Any other type is left unread for the provider, which refuses what it does not take.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  const handle = (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.raw as RawRequest;
    const body = request.body as Record<string, unknown> | undefined;
    if (body && body.redirect_uri === OOB_REDIRECT_URI) body.redirect_uri = server.codePageUrl;
    if (body) raw.body = body;
    const url = new URL(raw.url ?? '/', 'http://portal.invalid');
    if (url.searchParams.get('redirect_uri') === OOB_REDIRECT_URI)
      url.searchParams.set('redirect_uri', server.codePageUrl);
    // The platform's clients send no scope: an authorization grants the one scope, API access.
    if (url.pathname === `${server.prefix}/oauth/authorize` && !url.searchParams.get('scope'))
      url.searchParams.set('scope', PLATFORM_SCOPE);
    raw.originalUrl = `${url.pathname}${url.search}`;
    raw.url = `${url.pathname.slice(server.prefix.length) || '/'}${url.search}`;
    publicOrigin(raw, server.publicUrl);
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) reply.raw.setHeader(name, value as string);
    return callback(raw, reply.raw);
  };

  // The provider answers every /oauth path it knows (authorize and its resume, token, revoke, jwks)
  // and the RFC's error for the rest.
  app.route({
    method: ['GET', 'POST', 'OPTIONS'],
    url: '/oauth/*',
    config: { access: 'bearer' },
    handler: handle,
  });
}

/** RFC 8414 §3: the metadata at /.well-known/oauth-authorization-server{issuer path}. */
export function mountMetadata(app: App, server: OauthServer, provider: Provider) {
  const callback = provider.callback() as (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  app.get(
    `/.well-known/oauth-authorization-server${server.prefix}`,
    { config: { access: 'public' } },
    (request, reply) => {
      const raw = request.raw as RawRequest;
      raw.originalUrl = `${server.prefix}/.well-known/openid-configuration`;
      raw.url = '/.well-known/openid-configuration';
      publicOrigin(raw, server.publicUrl);
      reply.hijack();
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) reply.raw.setHeader(name, value as string);
      return callback(raw, reply.raw);
    },
  );
}
