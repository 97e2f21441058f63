import {
  AcceptInvitationResult,
  Collaborator,
  CollaboratorIdParams,
  CollaboratorsListQuery,
  CollaboratorsQuery,
  CreateInvitationBody,
  Invitation,
  InvitationPreview,
  InvitationTokenParams,
  UpdateCollaboratorsBody,
  UpdateInvitationBody,
} from '@portal/contracts';
import { z } from 'zod';
import { type App, currentUser } from '../../platform/http/route.ts';
import { listRoute } from '../../platform/list/index.ts';
import * as collaborators from './collaborators.service.ts';
import * as invitations from './invitations.service.ts';

export async function collaboratorsRoutes(app: App) {
  listRoute(
    app,
    '/collaborators',
    { access: 'user', querystring: CollaboratorsListQuery, item: Collaborator },
    (request) => collaborators.listCollaborators(app.ctx, currentUser(request), request.query),
  );

  app.patch(
    '/collaborators',
    {
      config: { access: 'user' },
      schema: { body: UpdateCollaboratorsBody, response: { 200: z.array(Collaborator) } },
    },
    async (request) => collaborators.updateRoles(app.ctx, currentUser(request), request.body),
  );

  app.delete(
    '/collaborators/:id',
    { config: { access: 'user' }, schema: { params: CollaboratorIdParams, querystring: CollaboratorsQuery } },
    async (request, reply) => {
      await collaborators.removeCollaborator(
        app.ctx,
        currentUser(request),
        request.query.developer_app_id,
        request.params.id,
      );
      return reply.status(204).send();
    },
  );

  app.post(
    '/collaborators/:id/transfer_ownership',
    {
      config: { access: 'user' },
      schema: {
        params: CollaboratorIdParams,
        querystring: CollaboratorsQuery,
        response: { 200: z.array(Collaborator) },
      },
    },
    async (request) =>
      collaborators.transferOwnership(
        app.ctx,
        currentUser(request),
        request.query.developer_app_id,
        request.params.id,
      ),
  );

  listRoute(
    app,
    '/invitations',
    { access: 'user', querystring: CollaboratorsListQuery, item: Invitation },
    (request) => invitations.listInvitations(app.ctx, currentUser(request), request.query),
  );

  app.post(
    '/invitations',
    {
      config: { access: 'user', idempotent: true },
      schema: { body: CreateInvitationBody, response: { 201: Invitation } },
    },
    async (request, reply) =>
      reply.status(201).send(await invitations.invite(app.ctx, currentUser(request), request.body)),
  );

  app.patch(
    '/invitations/:id',
    {
      config: { access: 'user' },
      schema: { params: CollaboratorIdParams, body: UpdateInvitationBody, response: { 200: Invitation } },
    },
    async (request) =>
      invitations.cancelInvitation(
        app.ctx,
        currentUser(request),
        request.body.developer_app_id,
        request.params.id,
      ),
  );

  app.get(
    '/invitations/:token',
    {
      config: { access: 'public' },
      schema: { params: InvitationTokenParams, response: { 200: InvitationPreview } },
    },
    async (request) => invitations.previewInvitation(app.ctx, request.params.token),
  );

  app.post(
    '/invitations/:token/accept',
    {
      config: { access: 'user' },
      schema: { params: InvitationTokenParams, response: { 200: AcceptInvitationResult } },
    },
    async (request) => invitations.acceptInvitation(app.ctx, currentUser(request), request.params.token),
  );
}
