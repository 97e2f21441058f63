import { z } from 'zod';

/** The OAuth consent page (features/oauth): the app asking and the permissions of its current manifest. */
export const OauthConsent = z.object({
  uid: z.string(),
  environment: z.enum(['sandbox', 'production']),
  app_name: z.string(),
  client_id: z.string(),
  redirect_uri: z.string(),
  permissions: z.array(
    z.object({ scope: z.enum(['company', 'project']), tool: z.string(), level: z.string() }),
  ),
});
export type OauthConsent = z.infer<typeof OauthConsent>;

export const OauthConsentDecision = z.strictObject({ decision: z.enum(['allow', 'deny']) });
export type OauthConsentDecision = z.infer<typeof OauthConsentDecision>;

/** Where the browser goes next: back to the authorization server, which redirects to the app. */
export const OauthConsentOutcome = z.object({ redirect_to: z.string() });
export type OauthConsentOutcome = z.infer<typeof OauthConsentOutcome>;

/** The platform API's `GET /rest/v1.0/me`: the user, or the app's service account (client credentials). */
export const PlatformMe = z.object({
  id: z.string(),
  login: z.string(),
  name: z.string(),
  type: z.enum(['user', 'service_account']),
});
export type PlatformMe = z.infer<typeof PlatformMe>;

export const PlatformCompany = z.object({ id: z.string(), name: z.string(), is_active: z.boolean() });
export type PlatformCompany = z.infer<typeof PlatformCompany>;
