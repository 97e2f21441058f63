import { OutboxMessage, OutboxQuery } from '@portal/contracts';
import type { App } from '../../platform/http/route.ts';
import { listRoute } from '../../platform/list/index.ts';
import { listOutbox } from './outbox.service.ts';

export async function outboxRoutes(app: App) {
  listRoute(
    app,
    '/admin/outbox',
    { access: 'admin', querystring: OutboxQuery, item: OutboxMessage },
    (request) => listOutbox(app.ctx, request.query),
  );
}
