import { IdParams, IssuedSecret, SandboxOauthApp, UpdateSandboxBody } from '@portal/contracts';
import { Ok, ok } from '../../platform/http/ok.ts';
import { type App, currentUser } from '../../platform/http/route.ts';
import * as sandboxes from './sandboxes.service.ts';

export async function sandboxesRoutes(app: App) {
  app.patch(
    '/sandboxes/:id',
    {
      config: { access: 'user' },
      schema: { params: IdParams, body: UpdateSandboxBody, response: { 200: SandboxOauthApp } },
    },
    async (request) => {
      const sandbox = await sandboxes.updateSandbox(
        app.ctx,
        currentUser(request),
        request.params.id,
        request.body,
      );
      return sandbox!;
    },
  );

  app.post(
    '/sandboxes/:id/reset_secret',
    { config: { access: 'user' }, schema: { params: IdParams, response: { 200: IssuedSecret } } },
    async (request) => sandboxes.resetSandboxSecret(app.ctx, currentUser(request), request.params.id),
  );

  app.post(
    '/developer_apps/:id/sandbox',
    { config: { access: 'user' }, schema: { params: IdParams, response: { 202: Ok } } },
    async (request, reply) => {
      await sandboxes.generateSandbox(app.ctx, currentUser(request), request.params.id);
      return reply.status(202).send(ok);
    },
  );

  app.post(
    '/developer_apps/:id/sandbox/generate_fake',
    { config: { access: 'user' }, schema: { params: IdParams, response: { 200: Ok } } },
    async (request) => {
      await sandboxes.generateFakeSandbox(app.ctx, currentUser(request), request.params.id);
      return ok;
    },
  );
}
