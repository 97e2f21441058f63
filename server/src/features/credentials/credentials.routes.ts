import {
  DenyProductionAccessBody,
  IdParams,
  IssuedSecret,
  OauthApplication,
  RequestProductionAccessBody,
  ResetSecretBody,
} from '@portal/contracts';
import { Ok, ok } from '../../platform/http/ok.ts';
import { type App, currentUser } from '../../platform/http/route.ts';
import * as production from './credentials.production.ts';
import * as credentials from './credentials.service.ts';

export async function credentialsRoutes(app: App) {
  app.get(
    '/oauth_applications/:id',
    { config: { access: 'user' }, schema: { params: IdParams, response: { 200: OauthApplication } } },
    async (request) => credentials.getOauthApplication(app.ctx, currentUser(request), request.params.id),
  );

  app.post(
    '/oauth_applications/:id/reset_secret',
    {
      config: { access: 'user' },
      schema: { params: IdParams, body: ResetSecretBody, response: { 200: IssuedSecret } },
    },
    async (request) =>
      credentials.resetSecret(app.ctx, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/oauth_applications/:id/reveal_secret',
    { config: { access: 'user' }, schema: { params: IdParams, response: { 200: IssuedSecret } } },
    async (request) => credentials.revealSandboxSecret(app.ctx, currentUser(request), request.params.id),
  );

  app.post(
    '/developer_apps/:id/production_access',
    {
      config: { access: 'user' },
      schema: { params: IdParams, body: RequestProductionAccessBody, response: { 200: Ok } },
    },
    async (request) => {
      await production.requestProductionAccess(
        app.ctx,
        currentUser(request),
        request.params.id,
        request.body,
      );
      return ok;
    },
  );

  app.post(
    '/admin/developer_apps/:id/production_access/approve',
    { config: { access: 'admin' }, schema: { params: IdParams, response: { 200: Ok } } },
    async (request) => {
      await production.approveProductionAccess(app.ctx, request.params.id, currentUser(request));
      return ok;
    },
  );

  app.post(
    '/admin/developer_apps/:id/production_access/deny',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, body: DenyProductionAccessBody.nullish(), response: { 200: Ok } },
    },
    async (request) => {
      await production.denyProductionAccess(
        app.ctx,
        request.params.id,
        request.body?.reason,
        currentUser(request),
      );
      return ok;
    },
  );
}
