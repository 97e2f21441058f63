/**
 * The review of production versions (spec developer-apps §4): developers submit and withdraw, platform staff
 * approve or reject. Every change is recorded as an analytics event and e-mailed: a submission to the
 * reviewers, the outcome (with the notes) to the app's owner and admins.
 */
import {
  compareManifestVersions,
  type Manifest,
  type ReviewActor,
  type ReviewEvent,
  type ReviewState,
  reviewTransition,
  versionLabel,
} from '@portal/contracts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { DeveloperAppRow } from '../apps/index.ts';
import { notifyReview, recordReviewChange } from '../review/index.ts';
import { loadVersionToChange, toManifest, versionRef } from './manifests.access.ts';
import * as mails from './manifests.mail.ts';
import * as repo from './manifests.repo.ts';

/**
 * The tracking event sent on each review state change (spec developer-apps §7, after the listing's event).
 */
export const REVIEW_EVENT_KEY = 'developers.apps.manifest.review_state_changed';

export const REVIEW_MESSAGES = {
  sandbox: 'Only production versions go through review; promote this version first',
  stale: 'This version changed meanwhile; reload and try again',
} as const;

function valuesFor(event: ReviewEvent, notes: string | null, now: Date) {
  switch (event) {
    case 'submitted':
      return { state: 'in_review' as const, developerNotes: notes, submittedAt: now, updatedAt: now };
    case 'withdrawn':
      return { state: 'confidential' as const, updatedAt: now };
    case 'approved':
      return { state: 'published' as const, adminNotes: notes, reviewedAt: now, updatedAt: now };
    case 'rejected':
      return { state: 'confidential' as const, adminNotes: notes, reviewedAt: now, updatedAt: now };
  }
}

/** Moves a production version through review, or answers 409 saying why it cannot. */
export async function changeReviewState(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  requested: { state: ReviewState; notes?: string | null | undefined },
  actor: ReviewActor,
): Promise<Manifest> {
  const { version, app } = await loadVersionToChange(ctx, user, id, actor);
  if (version.environment !== 'production') throw new AppError('conflict', REVIEW_MESSAGES.sandbox);
  const transition = reviewTransition(version.state, requested.state, actor);
  if (!transition.ok) throw new AppError('conflict', transition.message);

  const updated = await repo.withAppManifestLock(ctx, app.id, async (tx) => {
    if (transition.event === 'submitted') {
      const inReview = await repo.newestVersion(tx, app.id, { state: 'in_review' });
      if (inReview)
        throw new AppError(
          'conflict',
          `Version ${versionLabel(versionRef(inReview))} of this app is already in review; withdraw it first`,
        );
      const published = await repo.newestVersion(tx, app.id, {
        environment: 'production',
        state: 'published',
      });
      if (published && !(compareManifestVersions(versionRef(version), versionRef(published)) > 0))
        throw new AppError(
          'conflict',
          `Only a version newer than the published version (${versionLabel(versionRef(published))}) can be submitted`,
        );
    }
    const values = valuesFor(transition.event, requested.notes?.trim() || null, ctx.clock.now());
    const row = await repo.updateState(tx, version.id, version.state, values);
    if (!row) throw new AppError('stale_state', REVIEW_MESSAGES.stale);
    return row;
  });

  // A staff decision goes on the app's audit history; the field names the version.
  const field = `manifest ${versionLabel(versionRef(updated))}`;
  await recordReviewChange(ctx, user, {
    appId: app.id,
    event: {
      key: REVIEW_EVENT_KEY,
      properties: {
        developer_app_id: app.id,
        app_version_id: updated.id,
        state: transition.event,
        from: version.state,
        to: updated.state,
      },
    },
    audit:
      actor === 'admin'
        ? {
            action:
              transition.event === 'approved'
                ? 'developer_app.manifest_approve'
                : 'developer_app.manifest_reject',
            before: { [field]: version.state, admin_notes: version.adminNotes },
            after: { [field]: updated.state, admin_notes: updated.adminNotes },
          }
        : undefined,
  });
  if (transition.event !== 'withdrawn') await notify(ctx, user, app, updated, transition.event);
  const row = await repo.findVersionWithCreator(ctx, updated.id);
  return toManifest(row!.version, row!.creatorName, await repo.appFacts(ctx, app.id));
}

/** Mails the change: a submission to the reviewers, a decision (with the notes) to the owner and admins. */
async function notify(
  ctx: AppContext,
  user: SessionUser,
  app: DeveloperAppRow,
  version: repo.AppVersionRow,
  event: 'submitted' | 'approved' | 'rejected',
) {
  const review = {
    appName: app.name ?? app.internalName,
    appId: app.id,
    version: versionLabel(versionRef(version)),
  };
  const mail =
    event === 'submitted'
      ? mails.submittedMail(ctx.config, {
          ...review,
          notes: version.developerNotes,
          submitterName: user.name,
        })
      : mails.reviewedMail(ctx.config, {
          ...review,
          notes: version.adminNotes,
          approved: event === 'approved',
        });
  await notifyReview(ctx, {
    kind: 'manifests',
    event,
    subjectId: version.id,
    appId: app.id,
    template: `manifests.${event}`,
    mail,
  });
}
