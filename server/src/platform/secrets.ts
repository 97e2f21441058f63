import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/** Client secrets: high-entropy random strings, hashed for production and encrypted for sandboxes. */
export const SECRET_PREFIX_LENGTH = 4;

export function generateClientId(): string {
  return randomBytes(24).toString('hex');
}

export function generateSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function secretMatches(secret: string, hash: string | null): boolean {
  if (!hash) return false;
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The masked form shown after issue: prefix, dots, last 4. */
export function maskSecret(prefix: string | null, last4: string | null): string | null {
  if (!prefix || !last4) return null;
  return `${prefix}••••••••${last4}`;
}

export function secretParts(secret: string) {
  return { secretPrefix: secret.slice(0, SECRET_PREFIX_LENGTH), secretLast4: secret.slice(-4) };
}

const keyFrom = (material: string) =>
  Buffer.from(hkdfSync('sha256', material, 'portal-secrets', 'aes-256-gcm', 32));
// A short public name for a key, so a ciphertext says which key sealed it without revealing it.
const idFrom = (material: string) =>
  Buffer.from(hkdfSync('sha256', material, 'portal-secrets', 'key-id', 6)).toString('base64url');

type Key = { id: string; key: Buffer };

/**
 * The keys that seal secrets at rest: the first encrypts, every one decrypts (ENCRYPTION_KEY, a
 * comma-separated list during a rotation). `legacy` holds what sealed the unversioned `v1` format
 * (the session secret, before ENCRYPTION_KEY existed), tried only for v1 ciphertexts.
 */
export type Keyring = { primary: Key; keys: Key[]; legacy: Buffer[] };

const keyrings = new Map<string, Keyring>();

export function keyringFor(config: { encryptionKeys: string[]; sessionSecret: string }): Keyring {
  const [first, ...rest] = config.encryptionKeys;
  if (!first) throw new Error('No encryption key configured');
  const cacheKey = JSON.stringify([config.encryptionKeys, config.sessionSecret]);
  let ring = keyrings.get(cacheKey);
  if (!ring) {
    const keys = [first, ...rest].map((material) => ({ id: idFrom(material), key: keyFrom(material) }));
    ring = { primary: keys[0]!, keys, legacy: [...keys.map((k) => k.key), keyFrom(config.sessionSecret)] };
    keyrings.set(cacheKey, ring);
  }
  return ring;
}

const b64 = (buffer: Buffer) => buffer.toString('base64url');

/** AES-256-GCM with a random IV; `v2.keyId.iv.tag.ciphertext`, base64url parts. */
export function encryptSecret(plain: string, keyring: Keyring): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyring.primary.key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v2', keyring.primary.id, b64(iv), b64(cipher.getAuthTag()), b64(data)].join('.');
}

function open(key: Buffer, iv: string, tag: string, data: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * Decrypts with whichever configured key sealed it. `stale` says it was not sealed with the current
 * key, so the caller should seal it again (then the old key can be retired).
 */
export function decryptSecret(sealed: string, keyring: Keyring): { plain: string; stale: boolean } {
  const parts = sealed.split('.');
  if (parts[0] === 'v2' && parts.length === 5) {
    const [, id, iv, tag, data] = parts as [string, string, string, string, string];
    const match = keyring.keys.find((key) => key.id === id);
    if (!match) throw new Error(`Secret sealed with key ${id}, which is not configured`);
    return { plain: open(match.key, iv, tag, data), stale: match !== keyring.primary };
  }
  if (parts[0] === 'v1' && parts.length === 4) {
    const [, iv, tag, data] = parts as [string, string, string, string];
    for (const key of keyring.legacy) {
      try {
        return { plain: open(key, iv, tag, data), stale: true };
      } catch {
        // Not this key; try the next.
      }
    }
    throw new Error('No configured key opens this v1 secret');
  }
  throw new Error('Unknown secret format');
}
