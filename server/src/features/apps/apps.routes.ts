import {
  Contact,
  ContactParams,
  DeveloperAppPermissions,
  IdParams,
  PermissionsQuery,
  TermsAndConditions,
  UpdateContactBody,
} from '@portal/contracts';
import { type App, currentUser } from '../../platform/http/route.ts';
import { updateContact } from './apps.contacts.ts';
import * as apps from './apps.service.ts';
import { LogoResponse, sendLogo } from './logo.ts';
import { loadTerms } from './terms.ts';

/** What hangs off an app besides the app itself: its logo, a contact, the caller's flags, the terms. */
export async function appsRoutes(app: App) {
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
