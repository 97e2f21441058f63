import type { FastifyInstance, preValidationHookHandler, RouteOptions } from 'fastify';
import { AppError } from '../errors.ts';
import { takesBody } from './body-charset.ts';

export const UNSTORABLE_TEXT_MESSAGE =
  'contains a character that cannot be stored (a NUL character or an unpaired surrogate)';

// PostgreSQL text cannot hold NUL, and an unpaired UTF-16 surrogate has no UTF-8 form at all.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const isStorableText = (text: string) => !text.includes('\u0000') && !text.match(LONE_SURROGATE);

const printable = (text: string) => text.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATE, '\uFFFD');

/**
 * The path (`developer_app.contacts.0.name`) of the first string, value or key, that PostgreSQL
 * cannot store, or null. Walks without recursion, so deep nesting cannot overflow the stack.
 */
export function findUnstorableText(value: unknown): string[] | null {
  // Each entry links to its parent, so a deeply nested body costs memory linear in its size.
  type Node = { value: unknown; key: string; parent: Node | null };
  const pathOf = (node: Node | null): string[] => {
    const path: string[] = [];
    for (let at = node; at?.parent; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const stack: Node[] = [{ value, key: '', parent: null }];
  while (stack.length) {
    const node = stack.pop()!;
    if (typeof node.value === 'string') {
      if (!isStorableText(node.value)) return pathOf(node);
      continue;
    }
    if (!node.value || typeof node.value !== 'object') continue;
    for (const [key, child] of Object.entries(node.value)) {
      const next = { value: child, key, parent: node };
      if (!isStorableText(key)) return pathOf(next);
      stack.push(next);
    }
  }
  return null;
}

/** The validation error naming the field; a bad key is shown with its bad characters replaced. */
export function unstorableTextError(path: string[], fallback: string): AppError {
  const field = path.length ? printable(path.join('.')) : fallback;
  return new AppError('validation_failed', 'Validation failed', {
    errors: [`${field}: ${UNSTORABLE_TEXT_MESSAGE}`],
    fields: { [field]: [UNSTORABLE_TEXT_MESSAGE] },
  });
}

/**
 * Refuses, before any route schema or handler sees them, path parameters, query strings and bodies
 * holding text PostgreSQL cannot store — on every API route, and every other route that takes input,
 * so a new one cannot forget it (422 naming the field instead of a database error). Multipart fields
 * are checked where they are read. A route outside the API that takes none (`/healthz`, `/readyz`: a
 * GET without path parameters or a query schema) runs no guard at all.
 */
export function registerStorableTextGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (takesInput(route)) route.preValidation = [refuseUnstorableText, route.preValidation ?? []].flat();
  });
}

function takesInput(route: RouteOptions): boolean {
  return (
    route.url.startsWith('/api/') ||
    takesBody(route) ||
    /[:*]/.test(route.url) ||
    route.schema?.querystring !== undefined
  );
}

// Callback style: no promise per request for a check that never waits.
const refuseUnstorableText: preValidationHookHandler = (request, _reply, done) => {
  const parts = [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ] as const;
  for (const [where, value] of parts) {
    const path = findUnstorableText(value);
    if (path) return done(unstorableTextError(path, where));
  }
  done();
};
