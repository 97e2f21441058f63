// Which pages of a list to time, from what the list itself says: the `Link` header's `last`, else the
// `Total` and `Per-Page` headers. A list without them is not paginated and has one "page".

export type PagePlan =
  | { paginated: true; total: number | undefined; perPage: number | undefined; middle: number; last: number }
  | { paginated: false };

/** `<url>; rel="next", <url>; rel="last"` → rel → url. */
export function parseLink(header: string | null): Map<string, string> {
  const links = new Map<string, string>();
  if (!header) return links;
  for (const part of header.split(',')) {
    const match = /<([^>]*)>\s*;\s*rel="?([\w-]+)"?/.exec(part.trim());
    if (match) links.set(match[2]!, match[1]!);
  }
  return links;
}

const positiveInt = (value: string | null | undefined) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 0 ? n : undefined;
};

export function planPages(headers: Headers): PagePlan {
  const total = positiveInt(headers.get('total'));
  const perPage = positiveInt(headers.get('per-page'));
  const lastLink = parseLink(headers.get('link')).get('last');
  let last = lastLink
    ? positiveInt(new URL(lastLink, 'http://x.invalid').searchParams.get('page'))
    : undefined;
  if (last === undefined && total !== undefined && perPage) last = Math.max(1, Math.ceil(total / perPage));
  if (last === undefined) return { paginated: false };
  return { paginated: true, total, perPage, middle: Math.max(1, Math.ceil(last / 2)), last };
}

/** The path with these query parameters set (kept in order, brackets left readable). */
export function withQuery(path: string, params: Record<string, string | number>): string {
  const url = new URL(path, 'http://x.invalid');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, String(value));
  return `${url.pathname}${url.search}`.replaceAll('%5B', '[').replaceAll('%5D', ']');
}
