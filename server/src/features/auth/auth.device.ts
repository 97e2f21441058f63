import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

/**
 * OWASP's device cookie: after a successful sign-in the browser gets a cookie bound to the account
 * (`nonce.mac`, the mac over address and nonce). Later attempts for that account from that browser
 * are counted on their own budget, so someone guessing from elsewhere cannot lock the owner out.
 */
export const DEVICE_COOKIE = 'portal_device';
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

const mac = (config: Config, email: string, nonce: string) =>
  createHmac('sha256', config.sessionSecret)
    .update(`login-device\n${email.toLowerCase()}\n${nonce}`)
    .digest('base64url');

/** The device id when the request carries a device cookie this account issued, else null. */
export function trustedDevice(config: Config, request: FastifyRequest, email: string): string | null {
  const value = request.cookies?.[DEVICE_COOKIE];
  const [nonce, sent] = value?.split('.') ?? [];
  if (!nonce || !sent) return null;
  const expected = Buffer.from(mac(config, email, nonce));
  const given = Buffer.from(sent);
  return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : null;
}

export function issueDeviceCookie(config: Config, reply: FastifyReply, email: string): void {
  const nonce = randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, `${nonce}.${mac(config, email, nonce)}`, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
    path: '/api/v1/auth',
    maxAge: MAX_AGE_SECONDS,
  });
}
