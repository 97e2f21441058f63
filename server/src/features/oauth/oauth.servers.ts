import { QUOTA_QA_SERVER } from '@portal/contracts';
import type { Config } from '../../config.ts';
import type { OauthEnvironment } from '../credentials/index.ts';

/**
 * One authorization server and its platform API per environment, on one host: the sandbox at the
 * root (`/oauth`, `/rest`: what DEV_API_BASE_URL and the reference present), production under
 * OAUTH_PRODUCTION_PREFIX (`/production/oauth`, `/production/rest`).
 */
export type OauthServer = {
  environment: OauthEnvironment;
  /** '' or '/production': the path the server's `/oauth` and `/rest` hang under. */
  prefix: string;
  /** The portal's public URL: the origin of every URL the server builds. */
  publicUrl: string;
  /** The issuer identifier (RFC 8414): the public URL and the prefix. */
  issuer: string;
  /** The rate-limit server whose buckets the platform API charges (features/quota). */
  quotaServer: string;
  /** Where the redirectless URN's code is shown (a portal page). */
  codePageUrl: string;
};

export const OOB_REDIRECT_URI = 'urn:ietf:wg:oauth:2.0:oob';
/** The one scope an authorization grants when the client names none (the platform's clients never do). */
export const PLATFORM_SCOPE = 'api';

export function oauthServers(
  config: Pick<Config, 'publicUrl' | 'qaHost' | 'oauthProductionPrefix'>,
): OauthServer[] {
  const server = (environment: OauthEnvironment, prefix: string, quotaServer: string): OauthServer => ({
    environment,
    prefix,
    publicUrl: config.publicUrl,
    issuer: `${config.publicUrl}${prefix}`,
    quotaServer: config.qaHost ? QUOTA_QA_SERVER : quotaServer,
    codePageUrl: `${config.publicUrl}/oauth-code${prefix}`,
  });
  return [
    server('sandbox', '', 'Integrator_Sandbox'),
    server('production', config.oauthProductionPrefix, 'Production_US01'),
  ];
}
