import type { FastifyReply, FastifyRequest } from 'fastify';

export type Page<Row> = {
  rows: Row[];
  page: number;
  per_page: number;
  total: number;
  hasNext?: boolean;
  hasPrev?: boolean;
  next?: string;
  prev?: string;
};

/**
 * A list route's answer: the page's rows, with the headers every paginated endpoint sends — Total,
 * Per-Page and Link (first, last, and prev/next when there is such a page; prev/next carry the
 * list's cursor when it gave one).
 */
export function answerPage<Row>(request: FastifyRequest, reply: FastifyReply, page: Page<Row>): Row[] {
  reply.header('Total', String(page.total));
  reply.header('Per-Page', String(page.per_page));
  const last = Math.max(1, Math.ceil(page.total / page.per_page));
  const url = new URL(request.url, 'http://portal.invalid');
  const link = (p: number, rel: string, cursor?: string) => {
    url.searchParams.set('page', String(p));
    if (cursor) url.searchParams.set('cursor', cursor);
    else url.searchParams.delete('cursor');
    return `<${url.pathname}${url.search}>; rel="${rel}"`;
  };
  const links = [link(1, 'first'), link(last, 'last')];
  // A list that read its neighbours (list/index.ts) knows; otherwise the page number decides.
  if (page.hasPrev ?? page.page > 1) links.push(link(Math.max(1, page.page - 1), 'prev', page.prev));
  if (page.hasNext ?? page.page < last) links.push(link(page.page + 1, 'next', page.next));
  reply.header('Link', links.join(', '));
  return page.rows;
}
