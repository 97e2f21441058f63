import type { OauthConsent, OauthConsentDecision, OauthConsentOutcome } from '@portal/contracts';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

const path = (environment: string, uid: string) =>
  `/oauth/interactions/${encodeURIComponent(environment)}/${encodeURIComponent(uid)}`;

/** The authorization request waiting on the consent page. */
export const consentQuery = (environment: string, uid: string) =>
  queryOptions({
    queryKey: ['oauth-consent', environment, uid] as const,
    queryFn: () => api<OauthConsent>(path(environment, uid)),
    retry: false,
  });

/** Allow or deny; the answer says where the browser goes next (back to the authorization server). */
export const useConsentDecision = (environment: string, uid: string) =>
  useMutation({
    mutationFn: (decision: OauthConsentDecision['decision']) =>
      api<OauthConsentOutcome>(path(environment, uid), { method: 'POST', body: { decision } }),
  });
