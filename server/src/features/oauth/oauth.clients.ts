import type { AdapterPayload } from 'oidc-provider';
import type { AppContext } from '../../platform/context.ts';
import { findClientOfEnvironment } from '../credentials/index.ts';
import { type OauthServer, OOB_REDIRECT_URI } from './oauth.servers.ts';

/**
 * An OAuth application of the server's environment as oidc-provider's client metadata, read on every
 * use (a reset secret, a deleted app or changed redirect URIs count at once). `client_secret` holds the
 * stored hash, never a secret: the provider's comparison is replaced by the hash check
 * (oauth.provider.ts), and no method that would use it as a key (client_secret_jwt, HS*) is enabled.
 */
export async function clientMetadata(
  ctx: AppContext,
  server: OauthServer,
  clientId: string,
): Promise<AdapterPayload | undefined> {
  const client = await findClientOfEnvironment(ctx, server.environment, clientId);
  if (!client) return undefined;
  const redirectUris = client.redirectUri
    .split(/\r?\n/)
    .map((uri) => uri.trim())
    .filter(Boolean)
    // The redirectless URN: the code goes to the portal's code page (oauth.mount.ts rewrites it).
    .map((uri) => (uri === OOB_REDIRECT_URI ? server.codePageUrl : uri))
    .filter(isUrl);
  return {
    client_id: client.clientId,
    client_name: client.appName,
    ...(client.confidential
      ? {
          client_secret: client.secretHash ?? 'no-secret-issued',
          token_endpoint_auth_method: 'client_secret_basic',
          grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
        }
      : { token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'] }),
    redirect_uris: [...new Set(redirectUris)],
    response_types: redirectUris.length ? ['code'] : [],
  };
}

function isUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
