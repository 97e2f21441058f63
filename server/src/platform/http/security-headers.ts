import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** Names the instance that answered (INSTANCE_ID), on every response beside the security headers. */
export const INSTANCE_HEADER = 'x-portal-instance';

/** The Content-Security-Policy of every response. */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'], // https: announcement images (docs/decisions.md)
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * helmet's headers, computed once at boot. Running helmet per request cost more than half of a
 * trivial route's throughput; the headers never depend on the request, so they are a constant.
 * HSTS is only sent when the portal is served over https (over http browsers ignore it anyway).
 */
export function securityHeaders(options: { https: boolean }): Record<string, string> {
  const config: HelmetOptions = {
    contentSecurityPolicy: { directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.https ? undefined : false,
  };
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(config)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
