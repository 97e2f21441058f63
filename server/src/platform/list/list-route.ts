import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Access, App } from '../http/route.ts';
import { answerPage, type Page } from './page-headers.ts';

type ListRequest<Query extends z.ZodType, Params extends z.ZodType> = FastifyRequest<{
  Querystring: z.output<Query>;
  Params: z.output<Params>;
}>;

/**
 * A list endpoint: `GET url` validating its query (and params), answering one page of `item`s with
 * the headers every paginated endpoint sends (answerPage). `list` reads the page.
 */
export function listRoute<
  Query extends z.ZodType,
  Item extends z.ZodType,
  Params extends z.ZodType = z.ZodObject<Record<never, never>>,
>(
  app: App,
  url: string,
  spec: {
    access: Access;
    querystring: Query;
    item: Item;
    params?: Params;
    summary?: string;
    description?: string;
  },
  list: (request: ListRequest<Query, Params>) => Promise<Page<z.output<Item>>>,
) {
  const { access, item, ...schema } = spec;
  app.get(
    url,
    { config: { access }, schema: { ...schema, response: { 200: z.array(item) } } },
    async (request, reply) => answerPage(request, reply, await list(request as ListRequest<Query, Params>)),
  );
}
