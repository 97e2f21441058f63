import fastifyFormbody from '@fastify/formbody';
import {
  CreateDeveloperAppBody,
  DeveloperApp,
  DeveloperAppSummary,
  DeveloperAppsQuery,
  IdParams,
  UpdateDeveloperAppForm,
  UpdateDeveloperAppJson,
  UpdateDeveloperAppResponse,
} from '@portal/contracts';
import { type App, currentUser } from '../../platform/http/route.ts';
import { listRoute } from '../../platform/list/index.ts';
import * as apps from '../apps/index.ts';
import * as developerApps from './developer-apps.service.ts';

/** My Apps and the single app: create, read, change, delete. */
export async function developerAppsRoutes(app: App) {
  // Creating takes JSON or form data (spec developer-apps §7), multipart or URL-encoded: the form parsers
  // live in this scope only, so every other route keeps answering 415 to a URL-encoded body.
  await app.register(async (forms: App) => {
    await forms.register(fastifyFormbody);
    forms.post(
      '/developer_apps',
      {
        config: { access: 'user', idempotent: true },
        preValidation: apps.readCreateForm,
        schema: {
          body: CreateDeveloperAppBody,
          // Documents the same fields for each form it takes (`developer_app[internal_name]` works too).
          consumes: ['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded'],
          response: { 201: DeveloperApp },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await developerApps.createApp(app.ctx, currentUser(request), request.body)),
    );
  });

  listRoute(
    app,
    '/developer_apps',
    { access: 'user', querystring: DeveloperAppsQuery, item: DeveloperAppSummary },
    (request) => apps.listApps(app.ctx, currentUser(request), request.query),
  );

  app.get(
    '/developer_apps/:id',
    { config: { access: 'user' }, schema: { params: IdParams, response: { 200: DeveloperApp } } },
    async (request) => developerApps.getApp(app.ctx, currentUser(request), request.params.id),
  );

  // PATCH takes developer_app fields as JSON or form data (the logo too, spec developer-apps §7); PUT
  // is the same call, the method the admin page's logo uses (spec admin §7).
  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: '/developer_apps/:id',
      config: {
        access: 'user',
        documentedBody: {
          'application/json': UpdateDeveloperAppJson,
          'multipart/form-data': UpdateDeveloperAppForm,
        },
      },
      schema: { params: IdParams, response: { 200: UpdateDeveloperAppResponse } },
      handler: async (request) =>
        developerApps.updateApp(
          app.ctx,
          currentUser(request),
          request.params.id,
          await apps.readAppForm(request, app.ctx.storage),
        ),
    });
  }

  app.delete(
    '/developer_apps/:id',
    { config: { access: 'user' }, schema: { params: IdParams } },
    async (request, reply) => {
      await developerApps.deleteDeveloperApp(app.ctx, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
