import {
  Category,
  IdParams,
  MarketplaceListing,
  MarketplaceListingSummary,
  MarketplaceListQuery,
  SlugParams,
} from '@portal/contracts';
import { z } from 'zod';
import { type App, currentUser } from '../../platform/http/route.ts';
import { listRoute } from '../../platform/list/index.ts';
import { categories, MEDIA_CACHE } from '../listings/index.ts';
import * as marketplace from './marketplace.service.ts';

const fileBytes = { schema: z.unknown().describe('The file') };
const MediaResponse = {
  description: 'The file',
  content: { 'image/png': fileBytes, 'image/jpeg': fileBytes, 'application/pdf': fileBytes },
};

export async function marketplaceRoutes(app: App) {
  app.get(
    '/categories',
    { config: { access: 'public' }, schema: { response: { 200: z.array(Category) } } },
    async () => categories(app.ctx),
  );

  listRoute(
    app,
    '/marketplace/apps',
    {
      access: 'public',
      description: 'Published listings; `filters[search]` matches the name or tagline.',
      querystring: MarketplaceListQuery,
      item: MarketplaceListingSummary,
    },
    (request) => marketplace.listMarketplace(app.ctx, request.query),
  );

  app.get(
    '/marketplace/apps/:slug',
    {
      config: { access: 'public' },
      schema: {
        description: "A published listing. A person's view counts once a day for the app's metrics.",
        params: SlugParams,
        response: { 200: MarketplaceListing },
      },
    },
    async (request) => marketplace.showListing(app.ctx, request, request.params.slug),
  );

  app.get(
    '/marketplace/previews/:id',
    {
      config: { access: 'user' },
      schema: {
        description:
          "A submission (by id) as the public page would show it: the app's people and staff only.",
        params: IdParams,
        response: { 200: MarketplaceListing },
      },
    },
    async (request) => marketplace.previewListing(app.ctx, currentUser(request), request.params.id),
  );

  app.get(
    '/marketplace/media/:id',
    { config: { access: 'public' }, schema: { params: IdParams, response: { 200: MediaResponse } } },
    async (request, reply) => {
      const file = await marketplace.readMedia(app.ctx, request.user, request.params.id);
      const { attachment } = file;
      const disposition = attachment.kind === 'Document' ? 'attachment' : 'inline';
      const extension = file.attachment.storageKey?.split('.').pop() ?? 'bin';
      return reply
        .header('Content-Type', attachment.contentType ?? 'application/octet-stream')
        .header('Content-Length', String(file.size))
        .header(
          'Content-Disposition',
          `${disposition}; filename="${attachment.kind.toLowerCase()}.${extension}"`,
        )
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', MEDIA_CACHE)
        .send(file.stream);
    },
  );
}
