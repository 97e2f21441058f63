/** What a secret in a logged URL is replaced with (pino's own mark for redacted fields). */
export const REDACTED = '[Redacted]';

/** A query parameter or route parameter by this name carries a secret (`token`, `reset_token`, …). */
const SECRET_NAME = /token|secret|password|signature/i;

/**
 * Page paths (outside the API's routes) whose next segment is a secret: the web app's
 * `/invitations/<token>`. A request no route matched (the SPA's pages, an API 404) is read with
 * these, so a token in a mistyped or case-changed path is not logged either.
 */
const SECRET_SEGMENT_AFTER = new Set(['invitations']);

/**
 * The URL as it may be written to a log: one-time tokens in the query (`/confirm?token=…`), in a
 * route's parameters named like a secret (`/api/v1/invitations/:token`) or after a secret-bearing
 * page segment (`/invitations/<token>`) become `[Redacted]`; the rest stays byte for byte.
 * `route` is the matched route's template (Fastify's `routeOptions.url`), if any.
 */
export function redactUrl(url: string, route?: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? undefined : url.slice(queryAt + 1);
  const redactedPath = route && !route.includes('*') ? redactRouteParams(path, route) : redactPagePath(path);
  return query === undefined ? redactedPath : `${redactedPath}?${redactQuery(query)}`;
}

function redactRouteParams(path: string, route: string): string {
  const template = route.split('/');
  return path
    .split('/')
    .map((segment, i) => {
      const param = template[i];
      return param?.startsWith(':') && SECRET_NAME.test(param) ? REDACTED : segment;
    })
    .join('/');
}

function redactPagePath(path: string): string {
  let afterSecretSegment = false;
  return path
    .split('/')
    .map((segment) => {
      if (segment === '') return segment;
      const redacted = afterSecretSegment ? REDACTED : segment;
      afterSecretSegment = SECRET_SEGMENT_AFTER.has(decode(segment).toLowerCase());
      return redacted;
    })
    .join('/');
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return SECRET_NAME.test(decode(name.replaceAll('+', ' '))) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
