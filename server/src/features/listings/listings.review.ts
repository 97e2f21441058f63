/**
 * The review flow (spec developer-apps §4 "Marketplace listing"): submit (or resubmit) a draft after the
 * full validation, withdraw it, and — staff — approve it (published, optionally silently) or reject
 * it with a message (back to draft). Anything else answers 409 and changes nothing. Each change but
 * a withdrawal records the tracking event; a submission is mailed to the reviewers, an outcome to
 * the app's owner and admins (except a silent approval).
 */

import { LISTING_MESSAGES, LISTING_REVIEW_EVENT, listingProblems } from '@portal/contracts';
import type { Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { fieldMessages, validationError } from '../../platform/http/validation.ts';
import { markPublished } from '../apps/index.ts';
import { notifyReview, recordReviewChange } from '../review/index.ts';
import { type ListingAccess, requireSubmit } from './listings.access.ts';
import { listingReviewedMail, listingSubmittedMail } from './listings.mail.ts';
import { listingValues } from './listings.present.ts';
import type { SubmissionRow } from './listings.repo.ts';
import * as repo from './listings.repo.ts';
import { categoryProblems, ruleOptions } from './listings.rules.ts';

export const REVIEW_MESSAGES = {
  submit: 'Only a draft can be submitted for review',
  withdraw: 'Only a listing in review can be withdrawn',
  review: 'Only a listing in review can be approved or rejected',
  staffOnly: 'Only platform staff can approve or reject a listing',
  rejectMessage: 'Add a message for the developer before rejecting',
  changed: 'The listing changed meanwhile; reload it and try again',
} as const;

const conflict = (message: string) => new AppError('conflict', message, { errors: [message] });

const nameOf = (access: ListingAccess, row: SubmissionRow) => ({
  appId: access.app.id,
  appName: access.app.name ?? access.app.internalName,
  listingName: row.publicName ?? access.app.name ?? access.app.internalName,
});

/** The tracking event of a listing's review change (all but a withdrawal). */
const reviewEvent = (row: SubmissionRow, state: string) => ({
  key: LISTING_REVIEW_EVENT,
  properties: {
    state,
    developer_app_id: row.developerAppId,
    submission_id: row.id,
    ...(state === 'approved' ? { silent: row.silent } : {}),
  },
});

async function moved(ctx: AppContext, change: (tx: Tx) => Promise<SubmissionRow | null>) {
  const row = await ctx.db.transaction(change);
  if (!row) throw conflict(REVIEW_MESSAGES.changed);
  return row;
}

/** draft → in_review, once the listing passes every rule of spec developer-apps §5. */
export async function submitListing(ctx: AppContext, access: ListingAccess, row: SubmissionRow) {
  requireSubmit(access);
  if (row.state !== 'draft' || row.archivedAt) throw conflict(REVIEW_MESSAGES.submit);
  const attachments = await repo.listAttachments(ctx, [row.id]);
  const problems = [
    ...listingProblems(listingValues(row, attachments), ruleOptions(ctx, true)),
    ...(await categoryProblems(ctx, row.categoryIds)),
  ];
  if (problems.length)
    throw validationError(
      fieldMessages(problems.map((problem) => ({ path: problem.path.join('.'), message: problem.message }))),
      LISTING_MESSAGES.notValid,
    );
  const now = ctx.clock.now();
  const submitted = await moved(ctx, (tx) =>
    repo.transition(tx, row.id, 'draft', {
      state: 'in_review',
      approvalState: 'unreviewed',
      submittedAt: now,
      updatedAt: now,
    }),
  );
  await recordReviewChange(ctx, access.user, {
    appId: row.developerAppId,
    event: reviewEvent(submitted, 'submitted'),
  });
  await notifyReview(ctx, {
    kind: 'marketplace',
    event: 'submitted',
    subjectId: row.id,
    appId: row.developerAppId,
    template: 'marketplace.listing_submitted',
    mail: listingSubmittedMail(ctx.config, {
      ...nameOf(access, submitted),
      submitterName: access.user.name,
    }),
  });
  return submitted;
}

/** in_review → draft, by the developer (or staff on their behalf). */
export async function withdrawListing(ctx: AppContext, access: ListingAccess, row: SubmissionRow) {
  requireSubmit(access);
  if (row.state !== 'in_review' || row.archivedAt) throw conflict(REVIEW_MESSAGES.withdraw);
  const now = ctx.clock.now();
  return moved(ctx, (tx) => repo.transition(tx, row.id, 'in_review', { state: 'draft', updatedAt: now }));
}

/**
 * Staff: in_review → published (the app's previous live listing is archived), or → draft, rejected.
 * `messageBefore` is the admin message before the request that decided (which may have set it).
 */
export async function reviewListing(
  ctx: AppContext,
  access: ListingAccess,
  row: SubmissionRow,
  decision: { outcome: 'approved' | 'rejected'; silent: boolean },
  messageBefore: string | null = row.adminMessage,
) {
  if (!access.staff) throw new AppError('forbidden', REVIEW_MESSAGES.staffOnly);
  if (row.state !== 'in_review' || row.archivedAt) throw conflict(REVIEW_MESSAGES.review);
  if (decision.outcome === 'rejected' && !row.adminMessage)
    throw validationError({ admin_message: [REVIEW_MESSAGES.rejectMessage] });
  const now = ctx.clock.now();
  const reviewed =
    decision.outcome === 'approved'
      ? await moved(ctx, async (tx) => {
          const slug = await slugFor(tx, row);
          await repo.archiveLive(tx, row.developerAppId, row.id, now);
          const published = await repo.transition(tx, row.id, 'in_review', {
            state: 'published',
            approvalState: 'approved',
            silent: decision.silent,
            slug,
            reviewedAt: now,
            publishedAt: now,
            updatedAt: now,
          });
          // Approving a listing publishes the app, in the same transaction (spec developer-apps §2).
          if (published) await markPublished(tx, row.developerAppId, now);
          return published;
        }).catch((error: unknown) => {
          // Another app took the slug in the same instant (the live slug index refused it).
          if (uniqueViolation(error)) throw conflict(REVIEW_MESSAGES.changed);
          throw error;
        })
      : await moved(ctx, (tx) =>
          repo.transition(tx, row.id, 'in_review', {
            state: 'draft',
            approvalState: 'rejected',
            silent: false,
            reviewedAt: now,
            updatedAt: now,
          }),
        );
  // The staff audit log keeps each decision on the app's history, with the message it was sent with.
  await recordReviewChange(ctx, access.user, {
    appId: row.developerAppId,
    event: reviewEvent(reviewed, decision.outcome),
    audit: {
      action:
        decision.outcome === 'approved' ? 'developer_app.listing_approve' : 'developer_app.listing_reject',
      before: {
        listing: row.state,
        approval_state: row.approvalState,
        silent: row.silent,
        admin_message: messageBefore,
      },
      after: {
        listing: reviewed.state,
        approval_state: reviewed.approvalState,
        silent: reviewed.silent,
        admin_message: reviewed.adminMessage,
      },
      keep: ['admin_message'],
    },
  });
  if (decision.outcome === 'approved' && decision.silent) return reviewed;
  await notifyReview(ctx, {
    kind: 'marketplace',
    event: decision.outcome,
    subjectId: row.id,
    appId: row.developerAppId,
    template: `marketplace.listing_${decision.outcome}`,
    mail: listingReviewedMail(ctx.config, {
      ...nameOf(access, reviewed),
      outcome: decision.outcome,
      adminMessage: reviewed.adminMessage,
    }),
  });
  return reviewed;
}

/** `Field Sync for Procore` → `field-sync-for-procore`. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'app';
}

/** The app keeps the slug it was published under; a first listing takes its name's, made unique. */
async function slugFor(tx: Tx, row: SubmissionRow): Promise<string> {
  const previous = await repo.previousSlug(tx, row.developerAppId);
  if (previous && !(await repo.slugTaken(tx, previous, row.developerAppId))) return previous;
  const base = slugify(row.publicName ?? '');
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await repo.slugTaken(tx, candidate, row.developerAppId))) return candidate;
  }
}
