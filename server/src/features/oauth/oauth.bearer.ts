import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { findClientOfEnvironment, type OauthClient } from '../credentials/index.ts';
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
 * The token of `Authorization: Bearer`, if this server issued it and it still holds: found by the
 * hash of its value (so a token of the other environment is unknown here), unexpired by the portal's
 * clock, its client still of this environment with its app not deleted.
 */
export async function verifyBearer(
  ctx: AppContext,
  { server, provider }: OauthInstance,
  request: FastifyRequest,
): Promise<BearerToken | null> {
  const match = /^Bearer ([\x21-\x7e]{1,200})$/.exec(request.headers.authorization ?? '');
  if (!match) return null;
  const value = match[1]!;
  const token = (await provider.AccessToken.find(value)) ?? (await provider.ClientCredentials.find(value));
  if (!token?.clientId || !token.exp) return null;
  const client = await findClientOfEnvironment(ctx, server.environment, token.clientId);
  if (!client) return null;
  return {
    kind: token.kind === 'ClientCredentials' ? 'client' : 'user',
    accountId: 'accountId' in token ? ((token.accountId as string | undefined) ?? null) : null,
    client,
    scope: token.scope ?? '',
    issuedAt: token.iat,
    expiresIn: token.remainingTTL,
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
