import { OutboxMessage, OutboxQuery } from '@portal/contracts';
import { z } from 'zod';
import type { App } from '../../platform/http/route.ts';
import { answerPage } from '../../platform/list/index.ts';
import { listOutbox } from './outbox.service.ts';

export async function outboxRoutes(app: App) {
  app.get(
    '/admin/outbox',
    {
      config: { access: 'admin' },
      schema: { querystring: OutboxQuery, response: { 200: z.array(OutboxMessage) } },
    },
    async (request, reply) => answerPage(request, reply, await listOutbox(app.ctx, request.query)),
  );
}
