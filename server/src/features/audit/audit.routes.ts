import { AuditEvent, AuditQuery } from '@portal/contracts';
import { z } from 'zod';
import type { App } from '../../platform/http/route.ts';
import { answerPage } from '../../platform/list/index.ts';
import { listAudit } from './audit.service.ts';

export async function auditRoutes(app: App) {
  app.get(
    '/admin/audit',
    {
      config: { access: 'admin' },
      schema: { querystring: AuditQuery, response: { 200: z.array(AuditEvent) } },
    },
    async (request, reply) => answerPage(request, reply, await listAudit(app.ctx, request.query)),
  );
}
