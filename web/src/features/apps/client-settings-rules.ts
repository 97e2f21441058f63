import { corsDomainError, redirectUriError } from '@portal/contracts/app-validation';

/**
 * A form's checks of an OAuth client's settings, the app's or the sandbox's (developer and staff
 * pages alike): the redirect URIs and the CORS domains.
 */
export const clientSettingsRules = {
  redirect_uri: (value: string) => redirectUriError(value),
  allowed_cors_domain: (value: string) => corsDomainError(value),
};
