import { AuditEvent, AuditQuery } from '@portal/contracts';
import type { App } from '../../platform/http/route.ts';
import { listRoute } from '../../platform/list/index.ts';
import { listAudit } from './audit.service.ts';

export async function auditRoutes(app: App) {
  listRoute(app, '/admin/audit', { access: 'admin', querystring: AuditQuery, item: AuditEvent }, (request) =>
    listAudit(app.ctx, request.query),
  );
}
