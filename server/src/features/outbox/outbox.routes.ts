import { OutboxMessage, PageQuery } from '@portal/contracts';
import { z } from 'zod';
import { type App, setPageHeaders } from '../../platform/http.ts';
import { listOutbox } from './outbox.service.ts';

export async function outboxRoutes(app: App) {
  app.get(
    '/admin/outbox',
    {
      config: { access: 'admin' },
      schema: {
        querystring: PageQuery.extend({ to: z.string().max(254).optional() }),
        response: { 200: z.array(OutboxMessage) },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listOutbox(app.ctx, request.query);
      setPageHeaders(request, reply, { ...request.query, total });
      return rows;
    },
  );
}
