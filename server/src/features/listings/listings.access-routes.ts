import { DenyProductionAccessBody, IdParams } from '@portal/contracts';
import { Ok, ok } from '../../platform/http/ok.ts';
import { type App, currentUser } from '../../platform/http/route.ts';
import { decideMarketplaceAccess, requestMarketplaceAccess } from './listings.marketplace-access.ts';

/** The marketplace access request and staff's decision on it (listings.marketplace-access.ts). */
export async function marketplaceAccessRoutes(app: App) {
  app.post(
    '/developer_apps/:id/marketplace_access',
    {
      config: { access: 'user' },
      schema: {
        description:
          "Asks platform staff to enable the app's marketplace listing (owner and app admins). The request waits in the review queue; 409 when the listing is enabled or a request already waits.",
        params: IdParams,
        response: { 200: Ok },
      },
    },
    async (request) => {
      await requestMarketplaceAccess(app.ctx, currentUser(request), request.params.id);
      return ok;
    },
  );

  app.post(
    '/admin/developer_apps/:id/marketplace_access/approve',
    {
      config: { access: 'admin' },
      schema: {
        description: "Enables the app's marketplace listing for its waiting request (409 without one).",
        params: IdParams,
        response: { 200: Ok },
      },
    },
    async (request) => {
      await decideMarketplaceAccess(app.ctx, currentUser(request), request.params.id, { approved: true });
      return ok;
    },
  );

  app.post(
    '/admin/developer_apps/:id/marketplace_access/deny',
    {
      config: { access: 'admin' },
      schema: {
        description:
          'Declines the waiting marketplace access request, with an optional reason (409 without one).',
        params: IdParams,
        body: DenyProductionAccessBody.nullish(),
        response: { 200: Ok },
      },
    },
    async (request) => {
      await decideMarketplaceAccess(app.ctx, currentUser(request), request.params.id, {
        approved: false,
        reason: request.body?.reason,
      });
      return ok;
    },
  );
}
