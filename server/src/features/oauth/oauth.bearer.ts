import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { findAccessTokenOfEnvironment, type OauthClient } from '../credentials/index.ts';
import type { OauthInstance } from './oauth.instances.ts';

/** A live access token of one server: the user's (authorization code) or the app's (client credentials). */
export type BearerToken = {
  kind: 'user' | 'client';
  accountId: string | null;
  client: OauthClient;
  scope: string;
  issuedAt: number;
  /** Seconds left (the library's clock; the store's expiry follows the portal's). */
  expiresIn: number;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The platform API's caller, set by the bearer hook (features/oauth). */
    bearer?: BearerToken;
  }
}

/**
 * The token of `Authorization: Bearer`, if this server issued it and it still holds: found in the
 * authorization server's store by the hash of its value (so a token of the other environment is
 * unknown here), unexpired by the portal's clock, its client still of this environment with its app
 * not deleted. Read from the store directly (what the library's find would read, one round trip
 * instead of one per grant type and one for the client).
 */
export async function verifyBearer(
  ctx: AppContext,
  { server }: OauthInstance,
  request: FastifyRequest,
): Promise<BearerToken | null> {
  const match = /^Bearer ([\x21-\x7e]{1,200})$/.exec(request.headers.authorization ?? '');
  if (!match) return null;
  const token = await findAccessTokenOfEnvironment(ctx, server.environment, match[1]!);
  if (!token) return null;
  const payload = token.payload as { accountId?: string; scope?: string; iat?: number };
  return {
    kind: token.kind === 'ClientCredentials' ? 'client' : 'user',
    accountId: token.kind === 'ClientCredentials' ? null : (payload.accountId ?? null),
    client: token.client,
    scope: payload.scope ?? '',
    issuedAt: payload.iat ?? 0,
    expiresIn: Math.max(0, Math.floor((token.expiresAt.getTime() - ctx.clock.now().getTime()) / 1000)),
  };
}

/** RFC 6750 §3.1: 401 with the challenge. */
export function refuseBearer(reply: FastifyReply, error = 'invalid_token') {
  reply.header('WWW-Authenticate', `Bearer error="${error}"`);
  return reply.status(401).send({
    error,
    error_description: 'The access token is missing, expired, revoked or not for this server',
  });
}
