import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { z } from 'zod';
import { validationError } from '../http/validation.ts';

/** What one list takes beyond paging: its `filters[…]` parameters and its sort names. */
export type ListParams = { filters: string[]; sorts: string[] };

/**
 * The filters and sorts a list's zod query schema allows, read from the schema itself: the
 * `filters[…]` keys of its shape and the names of its `sort` enum (`-name` is `name` descending).
 * A list's query is one built on pageQuery (it has `per_page`); any other query is not a list's.
 */
export function listParamsOf(query: unknown): ListParams | undefined {
  if (!(query instanceof z.ZodObject) || !('per_page' in query.shape)) return undefined;
  const shape = query.shape as Record<string, z.ZodType>;
  let sort = shape.sort;
  while (sort instanceof z.ZodDefault || sort instanceof z.ZodOptional) sort = sort.unwrap() as z.ZodType;
  if (sort !== undefined && !(sort instanceof z.ZodEnum))
    throw new Error('A list query’s sort must be an enum of names (sortParam)');
  const names = sort instanceof z.ZodEnum ? (sort.options as string[]) : [];
  return {
    filters: Object.keys(shape).filter((key) => key.startsWith('filters')),
    sorts: names.filter((name) => !name.startsWith('-')),
  };
}

const shown = (value: string) => (value.length > 60 ? `${value.slice(0, 60)}…` : value);
const refuse = (name: string, message: string) => validationError({ [name]: [message] }, message);

/** The 422 for the first sort or `filters[…]` parameter the list does not have, or null. */
export function unknownListParam(allowed: ListParams, query: Record<string, unknown>) {
  for (const key of Object.keys(query)) {
    if (key.startsWith('filters') && !allowed.filters.includes(key))
      return refuse(key, `Unknown filter: ${shown(key)}`);
  }
  const sort = query.sort;
  if (sort === undefined) return null;
  if (typeof sort !== 'string') return refuse('sort', 'Give one sort parameter');
  if (allowed.sorts.includes(sort.startsWith('-') ? sort.slice(1) : sort)) return null;
  const choices = allowed.sorts.length
    ? `sort by one of ${allowed.sorts.join(', ')}`
    : 'this list has one order';
  return refuse('sort', `Cannot sort by ${shown(sort)}; ${choices}`);
}

/**
 * On every list route (one whose query schema is a list's): an unknown sort name or `filters[…]`
 * parameter is a 422 naming it, like a bad value of a known one, rather than silently ignored —
 * so a typo in a shared link or an API call shows. Runs before the schema, so its message names
 * the list's sorts. See docs/decisions.md (one status for unknown list parameters).
 */
export function registerListParamsGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const allowed = listParamsOf(route.schema?.querystring);
    if (!allowed) return;
    const guard: preValidationHookHandler = (request, _reply, done) =>
      done(unknownListParam(allowed, (request.query ?? {}) as Record<string, unknown>) ?? undefined);
    route.preValidation = [route.preValidation ?? [], guard].flat();
  });
}
