import {
  type AppSubmissions,
  LISTING_DOCUMENT_MAX_BYTES,
  LISTING_LOGO_MAX_BYTES,
  LISTING_PICTURE_MAX_BYTES,
  listingProblems,
  type Submission,
} from '@portal/contracts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { discardUpload } from '../../platform/http/uploads.ts';
import { fieldMessages, validationError } from '../../platform/http/validation.ts';
import { recordAudit } from '../audit/index.ts';
import {
  ACCESS_MESSAGES,
  type Actor,
  appListingAccess,
  type ListingAccess,
  requireEdit,
  submissionAccess,
  viewerOf,
} from './listings.access.ts';
import { createDraft, dropDraft } from './listings.copy.ts';
import { columnsFrom, refuseStaffOnly, STAFF_ONLY_MESSAGE } from './listings.fields.ts';
import type { SubmissionForm } from './listings.form.ts';
import { forgetPlannedFiles, planMedia, storePlannedFiles } from './listings.media.ts';
import { type ListingMove, MOVE_KEYS } from './listings.moves.ts';
import { listingValues, toSubmission } from './listings.present.ts';
import type { AttachmentRow, SubmissionRow } from './listings.repo.ts';
import * as repo from './listings.repo.ts';
import { REVIEW_MESSAGES, reviewListing, submitListing, withdrawListing } from './listings.review.ts';
import { appVersionLabel, appVersionProblems, categoryProblems, ruleOptions } from './listings.rules.ts';
import { resolveVideoUrl } from './listings.videos.ts';

const conflict = (message: string) => new AppError('conflict', message, { errors: [message] });
const CHANGED = REVIEW_MESSAGES.changed;

async function present(ctx: AppContext, access: ListingAccess, row: SubmissionRow): Promise<Submission> {
  return toSubmission(row, await repo.listAttachments(ctx, [row.id]), viewerOf(access));
}

export async function getAppSubmissions(
  ctx: AppContext,
  actor: Actor,
  appId: string,
): Promise<AppSubmissions> {
  const access = await appListingAccess(ctx, actor, appId);
  const { published, unpublished } = await repo.findAppSubmissions(ctx, access.app.id);
  return {
    published_app: published ? await present(ctx, access, published) : null,
    unpublished_app: unpublished ? await present(ctx, access, unpublished) : null,
  };
}

export async function getSubmission(ctx: AppContext, actor: Actor, id: string): Promise<Submission> {
  const { access, row } = await submissionAccess(ctx, actor, id);
  return present(ctx, access, row);
}

/**
 * `POST /developer_apps/{id}/submissions`: updates the app's unpublished submission when it has one
 * (200), otherwise creates it (201).
 */
export async function saveForApp(
  ctx: AppContext,
  actor: Actor,
  appId: string,
  form: SubmissionForm,
  move: ListingMove | null,
): Promise<{ created: boolean; submission: Submission }> {
  try {
    const access = await appListingAccess(ctx, actor, appId);
    requireEdit(access);
    const { unpublished } = await repo.findAppSubmissions(ctx, access.app.id);
    if (unpublished) return { created: false, submission: await save(ctx, access, unpublished, form, move) };
    if (!access.staff && !access.app.marketplaceEnabled)
      throw new AppError('forbidden', ACCESS_MESSAGES.notActivated);
    refuseStaffOnly(access, null, form.body);
    const draft = await createDraft(ctx, access).catch((error: unknown) => {
      // Another save created the app's draft in the same instant (one unpublished listing per app).
      if (uniqueViolation(error)) throw conflict(CHANGED);
      throw error;
    });
    try {
      return { created: true, submission: await save(ctx, access, draft, form, move) };
    } catch (error) {
      // A create that failed leaves nothing behind.
      await dropDraft(ctx, draft.id);
      throw error;
    }
  } finally {
    await Promise.all([...form.uploads.values()].map(discardUpload));
  }
}

/** `PATCH /submissions/{id}`. */
export async function saveSubmission(
  ctx: AppContext,
  actor: Actor,
  id: string,
  form: SubmissionForm,
  move: ListingMove | null,
) {
  try {
    const { access, row } = await submissionAccess(ctx, actor, id);
    requireEdit(access);
    if (row.archivedAt) throw conflict(ACCESS_MESSAGES.archived);
    if (row.state === 'published' && !access.staff) throw conflict(ACCESS_MESSAGES.published);
    return await save(ctx, access, row, form, move);
  } finally {
    await Promise.all([...form.uploads.values()].map(discardUpload));
  }
}

/**
 * The field changes, then the move the route named. A withdrawal comes first, so a developer may
 * change what they took back from review in the same save; a submission or a review comes after.
 */
async function save(
  ctx: AppContext,
  access: ListingAccess,
  start: SubmissionRow,
  form: SubmissionForm,
  move: ListingMove | null,
) {
  const body = refuseStaffOnly(access, start, form.body);
  let row = move?.name === 'withdraw' ? await withdrawListing(ctx, access, start) : start;
  if (Object.keys(body).some((key) => !MOVE_KEYS.has(key))) {
    if (row.state === 'in_review' && !access.staff) throw conflict(ACCESS_MESSAGES.inReview);
    row = await applyFields(ctx, access, row, { ...form, body }, move?.name === 'review');
  }
  if (move?.name === 'submit') row = await submitListing(ctx, access, row);
  if (move?.name === 'review') row = await reviewListing(ctx, access, row, move, start.adminMessage);
  return present(ctx, access, row);
}

/**
 * Validates the saved result (draft rules), then writes the fields and media in one transaction.
 * `deciding`: a review decision follows in the same request, and its audit entry keeps the message.
 */
async function applyFields(
  ctx: AppContext,
  access: ListingAccess,
  row: SubmissionRow,
  form: SubmissionForm,
  deciding: boolean,
) {
  const { body } = form;
  const storage = ctx.storage;
  const current = await repo.listAttachments(ctx, [row.id]);
  const documents = new Set(current.filter((item) => item.kind === 'Document').map((item) => item.id));
  if (!access.staff && (body.remove_media_ids ?? []).some((id) => documents.has(id)))
    throw new AppError('forbidden', STAFF_ONLY_MESSAGE, {
      errors: [STAFF_ONLY_MESSAGE],
      fields: { remove_media_ids: [STAFF_ONLY_MESSAGE] },
    });
  const now = ctx.clock.now();
  const plan = await planMedia({
    appId: row.developerAppId,
    submissionId: row.id,
    current,
    body,
    uploads: form.uploads,
    maxBytes: {
      logo: LISTING_LOGO_MAX_BYTES,
      picture: LISTING_PICTURE_MAX_BYTES,
      document: LISTING_DOCUMENT_MAX_BYTES,
    },
    resolveVideo: (url) => resolveVideoUrl(ctx, row.developerAppId, url),
    now,
  });
  const values = columnsFrom(body, row, access.staff);
  // Picking a version fills in its label unless one is sent along.
  if (values.appVersionId && body.app_version === undefined)
    values.appVersion =
      (await appVersionLabel(ctx, row.developerAppId, values.appVersionId)) ?? row.appVersion;
  const merged = { ...row, ...values } as SubmissionRow;
  const problems = [
    ...plan.errors,
    ...listingProblems(listingValues(merged, plan.after), ruleOptions(ctx, false)).map((problem) => ({
      path: problem.path.join('.'),
      message: problem.message,
    })),
    ...(body.app_version_id
      ? await appVersionProblems(ctx, row.developerAppId, merged.appVersionId)
      : []
    ).map((problem) => ({ path: problem.path.join('.'), message: problem.message })),
    ...(body.category_ids ? await categoryProblems(ctx, merged.categoryIds) : []).map((problem) => ({
      path: problem.path.join('.'),
      message: problem.message,
    })),
  ];
  if (problems.length) throw validationError(fieldMessages(problems));
  await storePlannedFiles(storage, plan);
  let saved: SubmissionRow | null;
  try {
    saved = await ctx.db.transaction(async (tx) => {
      const updated = await repo.updateSubmission(tx, row, values, now);
      if (!updated) return null;
      await repo.deleteAttachments(
        tx,
        plan.deletes.map((item) => item.id),
      );
      await repo.insertAttachments(tx, plan.inserts);
      for (const update of plan.updates) await repo.updateAttachment(tx, update.id, update.values);
      if (access.staff)
        await auditStaffEdit(
          { ...ctx, db: tx } as AppContext,
          access,
          { row, media: current },
          updated,
          deciding,
        );
      return updated;
    });
  } catch (error) {
    await forgetPlannedFiles(storage, plan);
    throw error;
  }
  if (!saved) {
    await forgetPlannedFiles(storage, plan);
    throw conflict(CHANGED);
  }
  for (const item of plan.deletes)
    if (item.storageKey && !(await repo.storageKeyInUse(ctx, item.storageKey)))
      await storage.delete(item.storageKey).catch(() => {});
  return saved;
}

/**
 * A staff save of a listing's fields goes on the app's history as `developer_app.listing_update`:
 * the listing as staff read it, before and after, with only what changed (media by their items).
 */
async function auditStaffEdit(
  ctx: AppContext,
  access: ListingAccess,
  before: { row: SubmissionRow; media: AttachmentRow[] },
  after: SubmissionRow,
  deciding: boolean,
) {
  const viewer = viewerOf(access);
  const read = (row: SubmissionRow, items: AttachmentRow[]) => {
    // What every save moves (the lock's version, the time) is not an edit; a decision's message is
    // on the decision's own entry.
    const { updated_at: _updated, version: _version, ...fields } = toSubmission(row, items, viewer);
    return deciding ? { ...fields, admin_message: undefined } : fields;
  };
  await recordAudit(
    ctx,
    access.user,
    'developer_app.listing_update',
    { type: 'developer_app', id: after.developerAppId },
    read(before.row, before.media),
    read(after, await repo.listAttachments(ctx, [after.id])),
  );
}

export { LEADS_MESSAGE, STAFF_ONLY_MESSAGE } from './listings.fields.ts';
