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

function keyFrom(material: string): Buffer {
  return Buffer.from(hkdfSync('sha256', material, 'portal-secrets', 'aes-256-gcm', 32));
}

/** AES-256-GCM with a random IV; output `v1.iv.tag.ciphertext` in base64url. */
export function encryptSecret(plain: string, keyMaterial: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(keyMaterial), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptSecret(sealed: string, keyMaterial: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('Unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(keyMaterial), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
