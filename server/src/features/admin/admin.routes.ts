import {
  AdminDeveloper,
  AdminDeveloperApp,
  AdminDeveloperAppRow,
  AdminDeveloperAppsQuery,
  AdminDevelopersQuery,
  AdminLogoForm,
  AdminLogoJson,
  AdminLogoResponse,
  AdminOauthApplication,
  AdminOauthApplicationsQuery,
  AdminUpdateDeveloperAppBody,
  AdminUpdateDeveloperBody,
  DeveloperOption,
  IdParams,
  ReviewQueueQuery,
  ReviewQueueRow,
} from '@portal/contracts';
import { z } from 'zod';
import { type App, currentUser } from '../../platform/http/route.ts';
import { answerPage, listRoute } from '../../platform/list/index.ts';
import { LogoResponse, readAppForm, sendLogo } from '../apps/index.ts';
import { findUserForStaff, toAdminDeveloper, updateUserAsStaff } from '../auth/index.ts';
import {
  changeLogoAsStaff,
  getAppAsStaff,
  readLogoAsStaff,
  updateAppAsStaff,
} from '../developer-apps/index.ts';
import { listAdminApps } from './admin-apps.list.ts';
import { developerOptions, listAdminDevelopers } from './admin-developers.list.ts';
import { listAdminOauthApplications } from './admin-oauth.list.ts';
import { listReviewQueue } from './review-queue.list.ts';

/** Spec admin §7: "with only search it feeds the created-by options" — a query of nothing but the search. */
const isOptionsRequest = (url: string) => {
  const keys = [...new URL(url, 'http://portal.invalid').searchParams.keys()];
  return keys.length === 1 && keys[0] === 'filters[search]';
};

export async function adminRoutes(app: App) {
  listRoute(
    app,
    '/admin/developer_apps',
    { access: 'admin', querystring: AdminDeveloperAppsQuery, item: AdminDeveloperAppRow },
    (request) => listAdminApps(app.ctx, request.query),
  );

  app.get(
    '/admin/developers',
    {
      config: { access: 'admin' },
      schema: {
        querystring: AdminDevelopersQuery,
        description:
          'Registered developers, with the apps list query shape: `filters[owner_id][]` picks developers by id, `filters[in_review]=true` keeps the owners of an app in review (deleted apps count with `filters[with_deleted]=true`). A query carrying only `filters[search]` answers the created-by options: `{id, email}` items by e-mail.',
        response: { 200: z.array(z.union([AdminDeveloper, DeveloperOption])) },
      },
    },
    async (request, reply) => {
      const page = isOptionsRequest(request.url)
        ? await developerOptions(app.ctx, request.query['filters[search]'])
        : await listAdminDevelopers(app.ctx, request.query);
      return answerPage(request, reply, page);
    },
  );

  listRoute(
    app,
    '/admin/oauth_applications',
    { access: 'admin', querystring: AdminOauthApplicationsQuery, item: AdminOauthApplication },
    (request) => listAdminOauthApplications(app.ctx, request.query),
  );

  listRoute(
    app,
    '/admin/review_queue',
    { access: 'admin', querystring: ReviewQueueQuery, item: ReviewQueueRow },
    (request) => listReviewQueue(app.ctx, request.query),
  );

  app.get(
    '/admin/developer_apps/:id',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, response: { 200: AdminDeveloperApp } },
    },
    async (request) => getAppAsStaff(app.ctx, request.params.id),
  );

  app.patch(
    '/admin/developer_apps/:id',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, body: AdminUpdateDeveloperAppBody, response: { 200: AdminDeveloperApp } },
    },
    async (request) => updateAppAsStaff(app.ctx, currentUser(request), request.params.id, request.body),
  );

  app.put(
    '/admin/developer_apps/:id',
    {
      config: {
        access: 'admin',
        documentedBody: { 'multipart/form-data': AdminLogoForm, 'application/json': AdminLogoJson },
      },
      schema: { params: IdParams, response: { 200: AdminLogoResponse } },
    },
    async (request) =>
      changeLogoAsStaff(
        app.ctx,
        currentUser(request),
        request.params.id,
        await readAppForm(request, app.ctx.storage),
      ),
  );

  app.get(
    '/admin/developer_apps/:id/thumbnail',
    { config: { access: 'admin' }, schema: { params: IdParams, response: { 200: LogoResponse } } },
    async (request, reply) => sendLogo(reply, await readLogoAsStaff(app.ctx, request.params.id)),
  );

  app.get(
    '/admin/developers/:id',
    { config: { access: 'admin' }, schema: { params: IdParams, response: { 200: AdminDeveloper } } },
    async (request) => toAdminDeveloper(await findUserForStaff(app.ctx, request.params.id)),
  );

  app.patch(
    '/admin/developers/:id',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, body: AdminUpdateDeveloperBody, response: { 200: AdminDeveloper } },
    },
    async (request) =>
      toAdminDeveloper(
        await updateUserAsStaff(app.ctx, currentUser(request), request.params.id, request.body),
      ),
  );
}
