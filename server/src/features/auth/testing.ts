import type { TestApp, TestClient } from '../../test/helpers.ts';

/** Asks for a sign-in link for `email` from the address `ip`. */
export function askForSignInLink(client: TestClient, email: string, ip: string, next?: string) {
  return client.request({
    method: 'POST',
    url: '/api/v1/auth/sign_in_link',
    payload: { email, ...(next ? { next } : {}) },
    remoteAddress: ip,
  });
}

export function signInWithLink(client: TestClient, token: string) {
  return client.post('/api/v1/auth/sign_in_with_link', { token });
}

/** The tokens of the sign-in links mailed to `email` (after running the mail jobs), newest first. */
export const signInLinksTo = (t: TestApp, email: string) => t.mailedTokens(email, 'sign_in_link');
