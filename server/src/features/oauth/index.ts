/** The authorization servers (sandbox and production, oidc-provider) and the platform API slice. */
export { oauthExpirySweepJob } from './oauth.jobs.ts';
export { oauthRoutes, oauthServerRoutes } from './oauth.routes.ts';
