import fastifyFormbody from '@fastify/formbody';
import {
  Contact,
  ContactParams,
  CreateDeveloperAppBody,
  DeveloperApp,
  DeveloperAppPermissions,
  DeveloperAppSummary,
  DeveloperAppsQuery,
  IdParams,
  PermissionsQuery,
  TermsAndConditions,
  UpdateContactBody,
  UpdateDeveloperAppForm,
  UpdateDeveloperAppJson,
  UpdateDeveloperAppResponse,
} from '@portal/contracts';
import { z } from 'zod';
import { type App, currentUser } from '../../platform/http/route.ts';
import { answerPage } from '../../platform/list/index.ts';
import { updateContact } from './apps.contacts.ts';
import { readAppForm, readCreateForm } from './apps.form.ts';
import * as apps from './apps.service.ts';
import { LogoResponse, sendLogo } from './logo.ts';
import { loadTerms } from './terms.ts';

export async function appsRoutes(app: App) {
  // Creating takes JSON or form data (spec §7), multipart or URL-encoded: the form parsers live in
  // this scope only, so every other route keeps answering 415 to a URL-encoded body.
  await app.register(async (forms: App) => {
    await forms.register(fastifyFormbody);
    forms.post(
      '/developer_apps',
      {
        config: { access: 'user', idempotent: true },
        preValidation: readCreateForm,
        schema: {
          body: CreateDeveloperAppBody,
          // Documents the same fields for each form it takes (`developer_app[internal_name]` works too).
          consumes: ['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded'],
          response: { 201: DeveloperApp },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await apps.createApp(app.ctx, currentUser(request), request.body)),
    );
  });

  app.get(
    '/developer_apps',
    {
      config: { access: 'user' },
      schema: { querystring: DeveloperAppsQuery, response: { 200: z.array(DeveloperAppSummary) } },
    },
    async (request, reply) =>
      answerPage(request, reply, await apps.listApps(app.ctx, currentUser(request), request.query)),
  );

  app.get(
    '/developer_apps/:id',
    { config: { access: 'user' }, schema: { params: IdParams, response: { 200: DeveloperApp } } },
    async (request) => apps.getApp(app.ctx, currentUser(request), request.params.id),
  );

  // PATCH takes developer_app fields as JSON or form data; PUT is the same call used for the logo.
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
        apps.updateApp(
          app.ctx,
          currentUser(request),
          request.params.id,
          await readAppForm(request, app.ctx.storage),
        ),
    });
  }

  app.delete(
    '/developer_apps/:id',
    { config: { access: 'user' }, schema: { params: IdParams } },
    async (request, reply) => {
      await apps.deleteApp(app.ctx, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/developer_apps/:id/thumbnail',
    { config: { access: 'user' }, schema: { params: IdParams, response: { 200: LogoResponse } } },
    async (request, reply) => {
      return sendLogo(reply, await apps.readThumbnail(app.ctx, currentUser(request), request.params.id));
    },
  );

  app.patch(
    '/developer_apps/:id/contacts/:contact_id',
    {
      config: { access: 'user' },
      schema: { params: ContactParams, body: UpdateContactBody, response: { 200: Contact } },
    },
    async (request) =>
      updateContact(
        app.ctx,
        currentUser(request),
        request.params.id,
        request.params.contact_id,
        request.body,
      ),
  );

  app.get(
    '/developer_app_permissions',
    {
      config: { access: 'user' },
      schema: { querystring: PermissionsQuery, response: { 200: DeveloperAppPermissions } },
    },
    async (request) => apps.getPermissions(app.ctx, currentUser(request), request.query.developer_app_id),
  );

  app.get(
    '/terms_and_conditions',
    { config: { access: 'public' }, schema: { response: { 200: TermsAndConditions } } },
    async () => loadTerms(app.ctx.config),
  );
}
