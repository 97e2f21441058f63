/** OAuth clients (production and sandbox) and their secrets; the production access request. */

export {
  clientSecretMatches,
  findAccessTokenOfEnvironment,
  findClientOfEnvironment,
  type OauthClient,
  type OauthEnvironment,
  revokeAppGrants,
  revokeClientGrants,
} from './credentials.grants.ts';
export { resealSecretsJob } from './credentials.jobs.ts';
export { approveProductionAccess, requestProductionAccess } from './credentials.production.ts';
export { findOauthApplication, type OauthApplicationRow } from './credentials.repo.ts';
export {
  ensureSandboxOauthApplication,
  issueSecret,
  productionCredentialsFor,
  updateClientSettings,
  verifyClientSecret,
} from './credentials.service.ts';
export {
  consumeOauthToken,
  deleteExpiredOauthTokens,
  deleteOauthGrant,
  destroyOauthToken,
  findOauthToken,
  findOauthTokenByUid,
  upsertOauthToken,
} from './credentials.tokens.repo.ts';
