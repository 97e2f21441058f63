/** OAuth clients (production and sandbox) and their secrets; the production access request. */
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
