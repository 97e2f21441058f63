import {
  AppSubmissions,
  HashedIdParams,
  IdParams,
  Submission,
  SubmissionRequest,
  VideoUpload,
  VideoUploadQuery,
} from '@portal/contracts';
import { z } from 'zod';
import { type App, currentUser } from '../../platform/http/route.ts';
import { readSubmissionForm } from './listings.form.ts';
import { requestedMove } from './listings.moves.ts';
import { MEDIA_CACHE } from './listings.present.ts';
import * as submissions from './listings.service.ts';
import { readVideo, uploadVideo } from './listings.videos.ts';

const SAVE_DESCRIPTION =
  'JSON, or multipart form data with the same fields (`submission[public_name]`, `submission[category_ids][]`, `submission[regions][europe]=true`, files in `submission[small_logo]`, `submission[pictures_attributes][N][file]` and, staff only, `submission[security_questionnaire_document_attributes][file]`). A save is validated with the draft rules (limits, formats); `state: in_review` submits after the full rules of spec developer-apps §5, `state: draft` withdraws; a save asks for one move at most (a `state`, or from staff an `approval_state`). In review, only staff may change the listing (409 otherwise).';

// Multipart bodies are read by the handler; JSON ones are validated here (an absent body is no change).
const body = SubmissionRequest.nullish();

export async function listingsRoutes(app: App) {
  for (const staff of [false, true]) {
    const base = staff ? '/admin' : '';
    const access = staff ? ('admin' as const) : ('user' as const);
    const actor = (request: Parameters<typeof currentUser>[0]) => ({ user: currentUser(request), staff });

    app.get(
      `${base}/developer_apps/:id/submissions`,
      {
        config: { access },
        schema: {
          description: "The app's published listing and its unpublished one (draft or in review).",
          params: IdParams,
          response: { 200: AppSubmissions },
        },
      },
      async (request) => submissions.getAppSubmissions(app.ctx, actor(request), request.params.id),
    );

    app.post(
      `${base}/developer_apps/:id/submissions`,
      {
        config: { access, idempotent: true },
        schema: {
          description: `Saves the app's listing: updates its unpublished submission (200) or creates one (201), copying the published listing and its media when there is one. ${SAVE_DESCRIPTION}`,
          params: IdParams,
          body,
          response: { 200: Submission, 201: Submission },
        },
      },
      async (request, reply) => {
        const form = await readSubmissionForm(request, app.ctx.storage);
        const move = requestedMove(form.body, staff);
        const result = await submissions.saveForApp(app.ctx, actor(request), request.params.id, form, move);
        return reply.status(result.created ? 201 : 200).send(result.submission);
      },
    );

    app.get(
      `${base}/submissions/:id`,
      { config: { access }, schema: { params: IdParams, response: { 200: Submission } } },
      async (request) => submissions.getSubmission(app.ctx, actor(request), request.params.id),
    );

    app.patch(
      `${base}/submissions/:id`,
      {
        config: { access },
        schema: {
          description: `Updates a draft (or, staff, any current listing). Staff also approve (\`approval_state: approved\`, optionally \`silent\`) or reject (\`approval_state: rejected\`, with an \`admin_message\`) a listing in review. ${SAVE_DESCRIPTION}`,
          params: IdParams,
          body,
          response: { 200: Submission },
        },
      },
      async (request) => {
        const form = await readSubmissionForm(request, app.ctx.storage);
        const move = requestedMove(form.body, staff);
        return submissions.saveSubmission(app.ctx, actor(request), request.params.id, form, move);
      },
    );
  }
}

const fileBytes = { schema: z.unknown().describe('The file') };
const VideoResponse = (description: string) => ({
  description,
  content: { 'video/mp4': fileBytes, 'video/quicktime': fileBytes },
});

/** The portal's own media host for listing videos (spec developer-apps §7). */
export async function videosRoutes(app: App) {
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
