import { hkdfSync } from 'node:crypto';
import Provider, { type Configuration, interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import type { AppContext } from '../../platform/context.ts';
import { clientSecretMatches } from '../credentials/index.ts';
import { adapterFor } from './oauth.adapter.ts';
import { signingKey } from './oauth.keys.ts';
import { type OauthServer, PLATFORM_SCOPE } from './oauth.servers.ts';

/** Platform facts (shared/data/README.md): access tokens 5,400 s, codes 10 minutes. */
export const ACCESS_TOKEN_SECONDS = 5400;
export const CODE_SECONDS = 600;
/**
 * A refresh token's absolute lifetime: rotation never extends it past 90 days after the user
 * consented (docs/decisions.md "OAuth refresh tokens").
 */
export const REFRESH_ABSOLUTE_SECONDS = 90 * 24 * 3600;
const INTERACTION_SECONDS = 15 * 60;
const GRANT_NOT_ALLOWED = 'requested grant type is not allowed for this client';

/** The portal page that signs the user in (if needed) and asks for consent. */
export function consentPagePath(server: OauthServer, uid: string) {
  return `/oauth-consent/${server.environment}/${uid}`;
}

/**
 * The authorization server of one environment (oidc-provider, an OpenID Certified implementation):
 * codes with PKCE S256 (required for public clients), refresh tokens single-use and always rotated,
 * client credentials for confidential clients, revocation; the portal signs users in and shows
 * consent on every authorization.
 */
export function createProvider(ctx: AppContext, server: OauthServer): Provider {
  const cookieKey = (n: number) =>
    Buffer.from(hkdfSync('sha256', ctx.config.sessionSecret, 'portal-oauth', `cookie:${n}`, 32)).toString(
      'base64url',
    );
  const base = interactionPolicy.base();
  // The portal session decides who signs in: every authorization goes through the consent page.
  base
    .get('login')!
    .checks.add(
      new interactionPolicy.Check('portal_consent', 'The portal asks the user every time', (oidcCtx) =>
        oidcCtx.oidc.result?.login
          ? interactionPolicy.Check.NO_NEED_TO_PROMPT
          : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  const configuration: Configuration = {
    adapter: adapterFor(ctx, server),
    clients: [],
    jwks: { keys: [signingKey(ctx.config.sessionSecret, server.environment)] },
    clientDefaults: { id_token_signed_response_alg: 'EdDSA' },
    cookies: {
      keys: [cookieKey(1)],
      names: { interaction: '_oauth_interaction', resume: '_oauth_resume', session: '_oauth_session' },
    },
    // client_secret_jwt would use the secret as an HMAC key; the portal keeps only its hash.
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'none'],
    // Token and revoke take posts from any origin by design: they read no cookie, the client
    // authenticates (secret or PKCE), so neither CORS nor an Origin check protects anything there.
    clientBasedCORS: () => true,
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      revocation: { enabled: true },
      introspection: { enabled: false },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
    },
    findAccount: async (_oidcCtx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
    interactions: {
      policy: base,
      url: (_oidcCtx, interaction) => consentPagePath(server, interaction.uid),
    },
    issueRefreshToken: async (_oidcCtx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    allowOmittingSingleRegisteredRedirectUri: false,
    pkce: { required: (_oidcCtx, client) => client.clientAuthMethod === 'none' },
    responseTypes: ['code'],
    scopes: [PLATFORM_SCOPE],
    routes: {
      authorization: '/oauth/authorize',
      token: '/oauth/token',
      revocation: '/oauth/revoke',
      jwks: '/oauth/jwks',
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_SECONDS,
      AuthorizationCode: CODE_SECONDS,
      ClientCredentials: ACCESS_TOKEN_SECONDS,
      Grant: REFRESH_ABSOLUTE_SECONDS,
      Interaction: INTERACTION_SECONDS,
      Session: INTERACTION_SECONDS,
      IdToken: ACCESS_TOKEN_SECONDS,
      RefreshToken: (_oidcCtx, token) => {
        const now = Math.floor(ctx.clock.now().getTime() / 1000);
        const firstIssued = token.iiat ?? token.iat ?? now;
        return Math.max(1, REFRESH_ABSOLUTE_SECONDS - (now - firstIssued));
      },
    },
    renderError: async (oidcCtx: KoaContextWithOIDC, out) => {
      oidcCtx.type = 'application/json; charset=utf-8';
      oidcCtx.body = out;
    },
  };
  const provider = new Provider(server.issuer, configuration);
  // The forwarded host and protocol it reads are set by oauth.mount.ts from PUBLIC_URL, never a client's.
  provider.proxy = true;
  // RFC 6749 §5.2 names this refusal unauthorized_client (the library answers invalid_request).
  provider.use(async (koa, next) => {
    await next();
    const body = koa.body as { error?: string; error_description?: string } | undefined;
    if (body?.error === 'invalid_request' && body.error_description === GRANT_NOT_ALLOWED)
      body.error = 'unauthorized_client';
  });
  // The secret check: the stored hash, in constant time, failing closed (credentials).
  (
    provider.Client.prototype as unknown as { compareClientSecret(actual: string): Promise<boolean> }
  ).compareClientSecret = async function compareClientSecret(this: { clientId: string }, actual: string) {
    return clientSecretMatches(ctx, this.clientId, actual);
  };
  return provider;
}
