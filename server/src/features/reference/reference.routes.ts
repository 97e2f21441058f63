import {
  AdminChangelogEntry,
  AdminChangelogQuery,
  Branches,
  ChangelogEntry,
  ChangelogQuery,
  CreateChangelogEntryBody,
  DocumentQuery,
  FeedQuery,
  Guide,
  GuideSummary,
  ImportOpenApiBody,
  ImportOpenApiResult,
  ResourceGroupParam,
  UpdateChangelogEntryBody,
} from '@portal/contracts';
import { z } from 'zod';
import { type App, currentUser } from '../../platform/http/route.ts';
import { listRoute } from '../../platform/list/index.ts';
import {
  adminGetEntry,
  adminListEntries,
  createEntry,
  deleteEntry,
  importOpenApi,
  publishEntry,
  updateEntry,
} from './reference.admin.ts';
import { changelogFeed, matchesEtag } from './reference.feed.ts';
import { getGuide, listGuides } from './reference.guides.ts';
import { getChangelogEntry, getDocument, listBranches, listChangelog } from './reference.service.ts';

const GroupParams = z.object({ group: ResourceGroupParam });
const EntryParams = z.object({ group: ResourceGroupParam, id: z.string().max(100) });
const IdParams = z.object({ id: z.string().max(100) });
const SlugParams = z.object({ slug: z.string().max(100) });
const OpenApiDocument = z.record(z.string(), z.unknown());
const AtomFeed = {
  description: 'The Atom feed (RFC 4287)',
  content: { 'application/atom+xml': { schema: z.string().describe('Atom XML') } },
};
const NotModified = z.null().describe('Not Modified: the ETag in If-None-Match is current');

/** The API reference and changelog (issue 27; spec developer-apps §7 Changelog). */
export async function referenceRoutes(app: App) {
  listRoute(
    app,
    '/resource_groups/:group',
    { access: 'public', params: GroupParams, querystring: ChangelogQuery, item: ChangelogEntry },
    (request) => listChangelog(app.ctx, request.user, request.params.group, request.query),
  );

  app.get(
    '/resource_groups/:group/entries/:id',
    { config: { access: 'public' }, schema: { params: EntryParams, response: { 200: ChangelogEntry } } },
    async (request) => getChangelogEntry(app.ctx, request.user, request.params.group, request.params.id),
  );

  app.get(
    '/resource_groups/:group/branches',
    { config: { access: 'user' }, schema: { params: GroupParams, response: { 200: Branches } } },
    async (request) => listBranches(app.ctx, currentUser(request), request.params.group),
  );

  app.get(
    '/resource_groups/:group/document',
    {
      config: { access: 'public' },
      schema: { params: GroupParams, querystring: DocumentQuery, response: { 200: OpenApiDocument } },
    },
    async (request) =>
      getDocument(
        app.ctx,
        request.user,
        request.params.group,
        request.query.custom_service_sha,
        () => app.swagger() as unknown as Record<string, unknown>,
      ),
  );

  app.get(
    '/resource_groups/:group/changelog.atom',
    {
      config: { access: 'public' },
      schema: {
        description:
          'The public changelog of the default branch as Atom, newest first; `type` for one type. ETag / If-None-Match → 304.',
        params: GroupParams,
        querystring: FeedQuery,
        response: { 200: AtomFeed, 304: NotModified },
      },
    },
    async (request, reply) => {
      const feed = await changelogFeed(app.ctx, request.params.group, request.query.type);
      reply.header('ETag', feed.etag).header('Cache-Control', 'no-cache');
      if (matchesEtag(request.headers['if-none-match'], feed.etag)) return reply.status(304).send(null);
      return reply.type('application/atom+xml; charset=utf-8').send(feed.body);
    },
  );

  app.get(
    '/guides',
    { config: { access: 'public' }, schema: { response: { 200: z.array(GuideSummary) } } },
    async () => listGuides(),
  );

  app.get(
    '/guides/:slug',
    { config: { access: 'public' }, schema: { params: SlugParams, response: { 200: Guide } } },
    async (request) => getGuide(request.params.slug),
  );

  // Admins

  listRoute(
    app,
    '/admin/resource_groups/:group/entries',
    { access: 'admin', params: GroupParams, querystring: AdminChangelogQuery, item: AdminChangelogEntry },
    (request) => adminListEntries(app.ctx, request.params.group, request.query),
  );

  app.post(
    '/admin/resource_groups/:group/documents',
    {
      config: { access: 'admin' },
      bodyLimit: 3 * 1024 * 1024,
      schema: { params: GroupParams, body: ImportOpenApiBody, response: { 201: ImportOpenApiResult } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await importOpenApi(app.ctx, currentUser(request), request.params.group, request.body)),
  );

  app.post(
    '/admin/changelog_entries',
    {
      config: { access: 'admin', idempotent: true },
      schema: { body: CreateChangelogEntryBody, response: { 201: AdminChangelogEntry } },
    },
    async (request, reply) =>
      reply.status(201).send(await createEntry(app.ctx, currentUser(request), request.body)),
  );

  app.get(
    '/admin/changelog_entries/:id',
    { config: { access: 'admin' }, schema: { params: IdParams, response: { 200: AdminChangelogEntry } } },
    async (request) => adminGetEntry(app.ctx, request.params.id),
  );

  app.patch(
    '/admin/changelog_entries/:id',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, body: UpdateChangelogEntryBody, response: { 200: AdminChangelogEntry } },
    },
    async (request) => updateEntry(app.ctx, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/admin/changelog_entries/:id/publish',
    { config: { access: 'admin' }, schema: { params: IdParams, response: { 200: AdminChangelogEntry } } },
    async (request) => publishEntry(app.ctx, currentUser(request), request.params.id),
  );

  app.delete(
    '/admin/changelog_entries/:id',
    { config: { access: 'admin' }, schema: { params: IdParams } },
    async (request, reply) => {
      await deleteEntry(app.ctx, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
