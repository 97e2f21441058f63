/**
 * Machine callers (the `service` access level): the platform's own services post to the portal with
 * `Authorization: Bearer <token>`. Tokens come from SERVICE_TOKENS (comma-separated, so a new token
 * can be rolled out before the old one is removed). They are kept only as SHA-256 hashes and every
 * presented token is compared, hashed, against every accepted hash in constant time, so neither the
 * answer nor its timing tells how much of a guess was right. No cookie is involved, so no CSRF.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

export type ServiceTokenCheck = (request: Pick<FastifyRequest, 'headers'>) => boolean;

/** A check of the request's bearer token against the accepted tokens (none configured: nobody passes). */
export function createServiceTokenCheck(tokens: readonly string[]): ServiceTokenCheck {
  const accepted = tokens.map(sha256);
  return (request) => {
    const header = request.headers.authorization;
    if (typeof header !== 'string') return false;
    const match = /^Bearer ([\x21-\x7e]{1,512})$/.exec(header);
    if (!match) return false;
    const presented = sha256(match[1]!);
    let ok = false;
    // No early exit: the time taken does not depend on which token (if any) matched.
    for (const hash of accepted) ok = timingSafeEqual(hash, presented) || ok;
    return ok;
  };
}

const checks = new WeakMap<readonly string[], ServiceTokenCheck>();

/** Whether the request carries one of `tokens` (the check is built once per token list). */
export function isServiceRequest(tokens: readonly string[], request: Pick<FastifyRequest, 'headers'>) {
  let check = checks.get(tokens);
  if (!check) {
    check = createServiceTokenCheck(tokens);
    checks.set(tokens, check);
  }
  return check(request);
}
