import { z } from 'zod';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from './rules/limits.ts';

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;
/** No list has more pages than this; it only keeps `page × per_page` a sane number. */
export const MAX_PAGE = 10_000_000;

export const SEARCH_TOO_SHORT = `Enter at least ${SEARCH_MIN_LENGTH} characters to search`;

/**
 * `page`, `per_page` (default and maximum per list) and the opaque `cursor` that the `Link`
 * header's next/prev URLs carry: following them costs the same at any depth.
 */
export function pageQuery(perPage = DEFAULT_PER_PAGE, maxPerPage = MAX_PER_PAGE) {
  return z.object({
    page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
    per_page: z.coerce.number().int().min(1).max(maxPerPage).default(perPage),
    cursor: z
      .string()
      .max(1000)
      .regex(/^[\w-]+$/, 'Cursor is not valid')
      .optional(),
  });
}

/** `page` and `per_page` as every list endpoint takes them (25 by default, at most 100). */
export const PageQuery = pageQuery();
export type PageQuery = z.infer<typeof PageQuery>;

/**
 * `sort=column` ascending, `sort=-column` descending (spec admin §4), limited to the list's columns. The
 * columns are written here only: the server reads a list's sorts (and `filters[…]`) from its schema.
 */
export function sortParam<const S extends string>(columns: readonly [S, ...S[]], defaultSort: S | `-${S}`) {
  const values = columns.flatMap((column) => [column, `-${column}` as const]) as [
    S | `-${S}`,
    ...Array<S | `-${S}`>,
  ];
  return z.enum(values).default(defaultSort as never) as unknown as z.ZodDefault<
    z.ZodEnum<{ [K in S | `-${S}`]: K }>
  >;
}

/** A substring to look for: trimmed; empty means no search; otherwise at least 3 characters. */
export const SearchTerm = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH)
  .refine((value) => value === '' || value.length >= SEARCH_MIN_LENGTH, SEARCH_TOO_SHORT)
  .optional();

/** `filters[search]`, the name spec admin §7 gives an admin list's search box. */
export const SearchFilter = z.object({ 'filters[search]': SearchTerm });
