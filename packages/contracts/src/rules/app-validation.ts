/** Redirect URI and CORS rules shared by the server (the authority) and the web form. Zod-free. */
import { OOB_REDIRECT_URI } from './limits.ts';

export const REDIRECT_URI_MESSAGES = {
  https: 'Redirect URIs must use HTTPS (http://localhost is the only exception)',
  wildcard: 'Redirect URIs cannot contain wildcards',
  invalid: 'is not a valid redirect URI',
} as const;

export const CORS_MESSAGE = 'must be an origin such as https://app.example.com (no path)';

/** The non-empty lines of a one-URI-per-line field. */
export function redirectUriLines(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The first problem with a redirect URI list, or null when every line is allowed. */
export function redirectUriError(value: string): string | null {
  for (const line of redirectUriLines(value)) {
    if (line === OOB_REDIRECT_URI) continue;
    if (line.includes('*')) return REDIRECT_URI_MESSAGES.wildcard;
    let url: URL;
    try {
      url = new URL(line);
    } catch {
      return `${line} ${REDIRECT_URI_MESSAGES.invalid}`;
    }
    if (url.protocol === 'https:' && url.hostname) continue;
    if (url.protocol === 'http:' && url.hostname === 'localhost') continue;
    if (url.protocol !== 'http:' && url.protocol !== 'https:' && !url.hostname)
      return `${line} ${REDIRECT_URI_MESSAGES.invalid}`;
    return REDIRECT_URI_MESSAGES.https;
  }
  return null;
}

/** The comma-separated entries of the allowed CORS domains field. */
export function corsDomainList(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** The first entry that is not an origin (scheme://host[:port]), or null. */
export function corsDomainError(value: string): string | null {
  for (const entry of corsDomainList(value)) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      return `${entry} ${CORS_MESSAGE}`;
    }
    const isHttp = url.protocol === 'https:' || url.protocol === 'http:';
    if (!isHttp || url.origin !== entry.replace(/\/$/, '') || entry.includes('*'))
      return `${entry} ${CORS_MESSAGE}`;
  }
  return null;
}
