import {
  Category,
  HashedIdParams,
  IdParams,
  MarketplaceListing,
  MarketplaceListingSummary,
  MarketplaceListQuery,
  SlugParams,
  VideoUpload,
  VideoUploadQuery,
} from '@portal/contracts';
import { z } from 'zod';
import { type App, currentUser } from '../../platform/http/route.ts';
import { answerPage } from '../../platform/list/index.ts';
import * as marketplace from './marketplace.service.ts';
import { readVideo, uploadVideo } from './marketplace.videos.ts';

const fileBytes = { schema: z.unknown().describe('The file') };
const MediaResponse = {
  description: 'The file',
  content: { 'image/png': fileBytes, 'image/jpeg': fileBytes, 'application/pdf': fileBytes },
};
const VideoResponse = (description: string) => ({
  description,
  content: { 'video/mp4': fileBytes, 'video/quicktime': fileBytes },
});
/** Media are immutable under their id; browsers may keep them for an hour (drafts' only privately). */
const MEDIA_CACHE = 'private, max-age=3600';

export async function marketplaceRoutes(app: App) {
  app.get(
    '/categories',
    { config: { access: 'public' }, schema: { response: { 200: z.array(Category) } } },
    async () => marketplace.categories(app.ctx),
  );

  app.get(
    '/marketplace/apps',
    {
      config: { access: 'public' },
      schema: {
        description: 'Published listings; `filters[search]` matches the name or tagline.',
        querystring: MarketplaceListQuery,
        response: { 200: z.array(MarketplaceListingSummary) },
      },
    },
    async (request, reply) =>
      answerPage(request, reply, await marketplace.listMarketplace(app.ctx, request.query)),
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

  app.post(
    '/videos',
    {
      config: { access: 'user', idempotent: true },
      schema: {
        description:
          "Uploads a listing video (multipart: the MP4 or QuickTime file in `file`, an optional `name`) to the portal's media host. The app's owner and admins, or staff.",
        querystring: VideoUploadQuery,
        response: { 201: VideoUpload },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await uploadVideo(app.ctx, currentUser(request), request.query.developer_app_id, request)),
  );

  app.get(
    '/videos/:hashed_id',
    {
      config: { access: 'public' },
      schema: {
        description: 'A hosted video; honours one `Range: bytes=` range (206).',
        params: HashedIdParams,
        response: { 200: VideoResponse('The video'), 206: VideoResponse('Part of the video') },
      },
    },
    async (request, reply) => {
      const { video, range, file } = await readVideo(
        app.ctx,
        request.params.hashed_id,
        request.headers.range,
      );
      reply
        .header('Content-Type', video.contentType)
        .header('Accept-Ranges', 'bytes')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', MEDIA_CACHE);
      if (!range) return reply.header('Content-Length', String(file.size)).send(file.stream);
      return reply
        .status(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
        .header('Content-Length', String(range.end - range.start + 1))
        .send(file.stream);
    },
  );
}
