import { AuditEvent, AuditQuery } from '@portal/contracts';
import { z } from 'zod';
import type { App } from '../../platform/http/route.ts';
import { setPageHeaders } from '../../platform/list/index.ts';
import { listAudit } from './audit.service.ts';

export async function auditRoutes(app: App) {
  app.get(
    '/admin/audit',
    {
      config: { access: 'admin' },
      schema: { querystring: AuditQuery, response: { 200: z.array(AuditEvent) } },
    },
    async (request, reply) => {
      const page = await listAudit(app.ctx, request.query);
      setPageHeaders(request, reply, page);
      return page.rows;
    },
  );
}
