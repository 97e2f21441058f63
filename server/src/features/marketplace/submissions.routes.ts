import { AppSubmissions, IdParams, Submission, SubmissionRequest } from '@portal/contracts';
import { type App, currentUser } from '../../platform/http/route.ts';
import { readSubmissionForm } from './submissions.form.ts';
import * as submissions from './submissions.service.ts';

const SAVE_DESCRIPTION =
  'JSON, or multipart form data with the same fields (`submission[public_name]`, `submission[category_ids][]`, `submission[regions][europe]=true`, files in `submission[small_logo]`, `submission[pictures_attributes][N][file]` and, staff only, `submission[security_questionnaire_document_attributes][file]`). A save is validated with the draft rules (limits, formats); `state: in_review` submits after the full rules of spec §5, `state: draft` withdraws. In review, only staff may change the listing (409 otherwise).';

// Multipart bodies are read by the handler; JSON ones are validated here (an absent body is no change).
const body = SubmissionRequest.nullish();

export async function submissionsRoutes(app: App) {
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
        const result = await submissions.saveForApp(app.ctx, actor(request), request.params.id, form);
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
        return submissions.saveSubmission(app.ctx, actor(request), request.params.id, form);
      },
    );
  }
}
