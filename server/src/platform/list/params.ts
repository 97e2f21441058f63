import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

const shown = (value: string) => (value.length > 60 ? `${value.slice(0, 60)}…` : value);

function badParameter(name: string, message: string): AppError {
  return new AppError('bad_request', message, { errors: [message], fields: { [name]: [message] } });
}

/**
 * A list route's `preValidation`: an unknown sort key or `filters[…]` parameter is a 400 naming the
 * parameter (rather than the schema's 422 or being silently ignored), so a typo in a shared link or
 * an API call is visible.
 */
export function listParamsGuard(allowed: { sorts: readonly string[]; filters: readonly string[] }) {
  return async (request: FastifyRequest) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    for (const key of Object.keys(query)) {
      if (key.startsWith('filters') && !allowed.filters.includes(key))
        throw badParameter(key, `Unknown filter: ${shown(key)}`);
    }
    const sort = query.sort;
    if (sort === undefined) return;
    if (typeof sort !== 'string') throw badParameter('sort', 'Give one sort parameter');
    if (!allowed.sorts.includes(sort.startsWith('-') ? sort.slice(1) : sort))
      throw badParameter('sort', `Cannot sort by ${shown(sort)}; sort by one of ${allowed.sorts.join(', ')}`);
  };
}
