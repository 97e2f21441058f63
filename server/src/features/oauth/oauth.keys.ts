import { createPrivateKey, hkdfSync } from 'node:crypto';
import type { JWK } from 'oidc-provider';

/**
 * The provider's signing key (it signs only ID tokens, which the platform's OAuth 2.0 flows never ask
 * for): Ed25519 derived from the session secret, so every process of one portal has the same key.
 */
export function signingKey(secret: string, label: string): JWK {
  const seed = Buffer.from(hkdfSync('sha256', secret, 'portal-oauth', `signing-key:${label}`, 32));
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
  const jwk = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }).export({ format: 'jwk' });
  return { ...jwk, use: 'sig', alg: 'EdDSA' } as JWK;
}
