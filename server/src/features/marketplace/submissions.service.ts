/**
 * Listings per app (spec §4): the published one and the unpublished one side by side. Saving updates
 * the unpublished submission, or creates one (a copy of the published listing, media included, when
 * there is one). A save may carry a transition: `state` (submit, withdraw) and, for staff,
 * `approval_state` (approve, reject). In review, a listing is read-only for everyone but staff.
 */
import { randomUUID } from 'node:crypto';
import {
  type AppSubmissions,
  LISTING_DOCUMENT_MAX_BYTES,
  LISTING_LOGO_MAX_BYTES,
  LISTING_PICTURE_MAX_BYTES,
  listingProblems,
  STAFF_ONLY_FIELDS,
  type Submission,
  type SubmissionBody,
} from '@portal/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import { discardUpload, streamUpload } from '../../platform/uploads.ts';
import { fieldMessages, validationError } from '../../platform/validation.ts';
import { sanitizeAdminMessage } from './admin-message.ts';
import { mediaStorage } from './marketplace.storage.ts';
import { resolveVideoUrl } from './marketplace.videos.ts';
import {
  ACCESS_MESSAGES,
  type Actor,
  appListingAccess,
  type ListingAccess,
  requireEdit,
  submissionAccess,
  viewerOf,
} from './submissions.access.ts';
import type { SubmissionForm } from './submissions.form.ts';
import { forgetPlannedFiles, planMedia, storePlannedFiles } from './submissions.media.ts';
import { listingValues, toSubmission } from './submissions.present.ts';
import type { NewSubmissionRow, SubmissionRow } from './submissions.repo.ts';
import * as repo from './submissions.repo.ts';
import { reviewListing, submitListing, withdrawListing } from './submissions.review.ts';
import {
  appVersionLabel,
  appVersionProblems,
  availableRegionIds,
  categoryProblems,
  ruleOptions,
} from './submissions.rules.ts';

const conflict = (message: string) => new AppError('conflict', message, { errors: [message] });
export const STAFF_ONLY_MESSAGE = 'Only platform staff can change this';
export const LEADS_MESSAGE = 'Only platform employees can offer the create-lead contact option';

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
): Promise<{ created: boolean; submission: Submission }> {
  try {
    const access = await appListingAccess(ctx, actor, appId);
    requireEdit(access);
    const { unpublished } = await repo.findAppSubmissions(ctx, access.app.id);
    if (unpublished) return { created: false, submission: await save(ctx, access, unpublished, form) };
    if (!access.staff && !access.app.marketplaceEnabled)
      throw new AppError('forbidden', ACCESS_MESSAGES.notActivated);
    refuseStaffOnly(access, null, form.body);
    const draft = await createDraft(ctx, access);
    try {
      return { created: true, submission: await save(ctx, access, draft, form) };
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
export async function saveSubmission(ctx: AppContext, actor: Actor, id: string, form: SubmissionForm) {
  try {
    const { access, row } = await submissionAccess(ctx, actor, id);
    requireEdit(access);
    if (row.archivedAt) throw conflict(ACCESS_MESSAGES.archived);
    if (row.state === 'published' && !access.staff) throw conflict(ACCESS_MESSAGES.published);
    return await save(ctx, access, row, form);
  } finally {
    await Promise.all([...form.uploads.values()].map(discardUpload));
  }
}

const TRANSITION_KEYS = new Set(['state', 'approval_state', 'silent']);

async function save(ctx: AppContext, access: ListingAccess, start: SubmissionRow, form: SubmissionForm) {
  const body = refuseStaffOnly(access, start, form.body);
  let row = start;
  if (body.state === 'draft') row = await withdrawListing(ctx, access, row);
  const changes = Object.keys(body).filter((key) => !TRANSITION_KEYS.has(key));
  if (changes.length) {
    if (row.state === 'in_review' && !access.staff) throw conflict(ACCESS_MESSAGES.inReview);
    row = await applyFields(ctx, access, row, { ...form, body });
  }
  if (body.state === 'in_review') row = await submitListing(ctx, access, row);
  if (body.approval_state)
    row = await reviewListing(ctx, access, row, {
      outcome: body.approval_state,
      silent: body.silent ?? false,
    });
  return present(ctx, access, row);
}

/**
 * Fields only staff may change. From anyone else a change is refused (403 naming them); the same
 * value sent back (a form echoing the listing) is ignored. Answers the body without them.
 */
function refuseStaffOnly(
  access: ListingAccess,
  row: SubmissionRow | null,
  body: SubmissionBody,
): SubmissionBody {
  if (access.staff) return body;
  const stored: Record<string, unknown> = {
    beta: row?.beta ?? false,
    security_badge: row?.securityBadge ?? false,
    is_concierge_app: row?.isConciergeApp ?? false,
    made_by_procore: row?.madeByProcore ?? false,
    procore_certified_partner: row?.procoreCertifiedPartner ?? false,
    admin_message: row?.adminMessage ?? null,
    notes: null,
    approval_state: row?.approvalState ?? 'unreviewed',
    silent: row?.silent ?? false,
  };
  const refused = STAFF_ONLY_FIELDS.filter((field) => {
    const value = body[field];
    if (value === undefined) return false;
    if (field === 'security_questionnaire_document_attributes') return true;
    return (value ?? null) !== (stored[field] ?? null);
  });
  const fields: Record<string, string[]> = Object.fromEntries(
    refused.map((field) => [field, [STAFF_ONLY_MESSAGE]]),
  );
  if (body.create_lead === true && !row?.createLead && !access.permissions.isPlatformEmployee)
    fields.create_lead = [LEADS_MESSAGE];
  if (Object.keys(fields).length) {
    const names = Object.keys(fields).join(', ');
    throw new AppError('forbidden', `Only platform staff can change: ${names}`, {
      errors: [`Only platform staff can change: ${names}`],
      fields,
    });
  }
  const kept = { ...body } as Record<string, unknown>;
  for (const field of STAFF_ONLY_FIELDS) delete kept[field];
  return kept as SubmissionBody;
}

const text = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};
const link = (value: { label: string | null; url: string | null }) => ({
  label: text(value.label),
  url: text(value.url),
});

/** The row's columns a body changes (only what it names). */
function columnsFrom(body: SubmissionBody, row: SubmissionRow, staff: boolean): Partial<NewSubmissionRow> {
  const set: Partial<NewSubmissionRow> = {};
  const texts = {
    public_name: 'publicName',
    tagline: 'tagline',
    description: 'description',
    about: 'about',
    built_by: 'builtBy',
    sold_by: 'soldBy',
    how_it_works: 'howItWorks',
    app_version: 'appVersion',
    draft_developer_notes: 'draftDeveloperNotes',
    support_email: 'supportEmail',
    contact_us_email: 'contactUsEmail',
    learn_how_url: 'learnHowUrl',
    pricing_url: 'pricingUrl',
    pricing_description: 'pricingDescription',
  } as const;
  for (const [field, column] of Object.entries(texts)) {
    const value = body[field as keyof typeof texts];
    if (value !== undefined) (set as Record<string, unknown>)[column] = text(value);
  }
  if (body.app_version_id !== undefined) set.appVersionId = text(body.app_version_id);
  if (body.category_ids !== undefined) set.categoryIds = [...new Set(body.category_ids)];
  for (const flag of ['costs_money', 'installable', 'create_lead'] as const) {
    if (body[flag] !== undefined)
      set[flag === 'costs_money' ? 'costsMoney' : flag === 'create_lead' ? 'createLead' : 'installable'] =
        body[flag];
  }
  if (body.subscription_required !== undefined) set.subscriptionRequired = body.subscription_required;
  if (body.connector_required !== undefined) set.connectorRequired = body.connector_required;
  if (body.has_trials !== undefined) set.hasTrials = body.has_trials;
  if (body.feature_bullets !== undefined) set.featureBullets = body.feature_bullets.map(text);
  if (body.requirements !== undefined) set.requirements = body.requirements.map(text);
  if (body.helpful_links !== undefined) set.helpfulLinks = body.helpful_links.map(link);
  if (body.website_link !== undefined) {
    const website = body.website_link ? link(body.website_link) : null;
    set.websiteLink = website && (website.label || website.url) ? website : null;
  }
  if (body.product_tools !== undefined) set.productTools = body.product_tools;
  if (body.regions !== undefined) set.regions = body.regions;
  if (body.countries !== undefined) set.countries = body.countries;
  if (body.regions !== undefined || body.countries !== undefined)
    set.regionIds = availableRegionIds(set.regions ?? row.regions, set.countries ?? row.countries);
  if (body.security_questionnaire !== undefined) {
    const merged = { ...row.securityQuestionnaire, ...body.security_questionnaire } as Record<
      string,
      unknown
    >;
    for (const [key, value] of Object.entries(merged))
      if (typeof value === 'string') merged[key] = text(value);
    set.securityQuestionnaire = merged as SubmissionRow['securityQuestionnaire'];
  }
  if (staff) {
    if (body.beta !== undefined) set.beta = body.beta;
    if (body.security_badge !== undefined) set.securityBadge = body.security_badge;
    if (body.is_concierge_app !== undefined) set.isConciergeApp = body.is_concierge_app;
    if (body.made_by_procore !== undefined) set.madeByProcore = body.made_by_procore;
    if (body.procore_certified_partner !== undefined)
      set.procoreCertifiedPartner = body.procore_certified_partner;
    if (body.admin_message !== undefined) set.adminMessage = sanitizeAdminMessage(body.admin_message);
    if (body.notes !== undefined) set.notes = text(body.notes);
  }
  return set;
}

/** Validates the saved result (draft rules), then writes the fields and media in one transaction. */
async function applyFields(ctx: AppContext, access: ListingAccess, row: SubmissionRow, form: SubmissionForm) {
  const { body } = form;
  const storage = mediaStorage(ctx);
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
      return updated;
    });
  } catch (error) {
    await forgetPlannedFiles(storage, plan);
    throw error;
  }
  if (!saved) {
    await forgetPlannedFiles(storage, plan);
    throw conflict('The listing changed meanwhile; reload it and try again');
  }
  for (const item of plan.deletes)
    if (item.storageKey && !(await repo.storageKeyInUse(ctx, item.storageKey)))
      await storage.delete(item.storageKey).catch(() => {});
  return saved;
}

/** A new draft: a copy of the published listing (its media copied too) when there is one, else empty. */
async function createDraft(ctx: AppContext, access: ListingAccess): Promise<SubmissionRow> {
  const { published } = await repo.findAppSubmissions(ctx, access.app.id);
  const now = ctx.clock.now();
  const storage = mediaStorage(ctx);
  const base: repo.NewSubmissionRow = {
    developerAppId: access.app.id,
    createdById: access.user.id,
    createdAt: now,
    updatedAt: now,
  };
  if (!published) return ctx.db.transaction((tx) => repo.insertSubmission(tx, base));
  const {
    id: _id,
    state: _state,
    approvalState: _approval,
    adminMessage: _message,
    silent: _silent,
    slug: _slug,
    version: _version,
    submittedAt: _submitted,
    reviewedAt: _reviewed,
    publishedAt: _published,
    archivedAt: _archived,
    createdById: _by,
    createdAt: _created,
    updatedAt: _updated,
    ...fields
  } = published;
  const id = randomUUID();
  const copies: repo.NewAttachmentRow[] = [];
  const copied: string[] = [];
  try {
    for (const item of await repo.listAttachments(ctx, [published.id])) {
      let storageKey = item.storageKey;
      if (storageKey) {
        storageKey = await copyStored(storage, storageKey, access.app.id);
        copied.push(storageKey);
      }
      copies.push({ ...item, id: randomUUID(), submissionId: id, storageKey });
    }
    return await ctx.db.transaction(async (tx) => {
      const row = await repo.insertSubmission(tx, { ...fields, ...base, id });
      await repo.insertAttachments(tx, copies);
      return row;
    });
  } catch (error) {
    await Promise.all(copied.map((key) => storage.delete(key).catch(() => {})));
    throw error;
  }
}

async function dropDraft(ctx: AppContext, id: string) {
  const storage = mediaStorage(ctx);
  const files = await repo.listAttachments(ctx, [id]);
  await repo.deleteSubmission(ctx, id);
  for (const file of files) if (file.storageKey) await storage.delete(file.storageKey).catch(() => {});
}

/** A stored file copied under a new key (through scratch space, like an upload). */
async function copyStored(storage: Storage, key: string, appId: string): Promise<string> {
  const source = await storage.read(key);
  if (!source) throw new Error(`stored file ${key} is missing`);
  const upload = await streamUpload(storage, { file: source.stream });
  const target = `marketplace/${appId}/${randomUUID()}.${key.split('.').pop()}`;
  await storage.putFile(target, upload.tempPath);
  return target;
}
