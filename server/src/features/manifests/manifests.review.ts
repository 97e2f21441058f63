/**
 * The review of production versions (spec §4): developers submit and withdraw, platform staff approve
 * or reject. Every change is recorded as an analytics event and e-mailed: a submission to the
 * reviewers, the outcome (with the notes) to the app's owner and admins.
 */
import { randomUUID } from 'node:crypto';
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
import { AppError, notFound } from '../../platform/errors.ts';
import { sendMail } from '../../platform/mail/mail.ts';
import { recordEvent } from '../analytics/index.ts';
import { listMembers } from '../apps/apps.repo.ts';
import { type DeveloperAppRow, findApp } from '../apps/index.ts';
import { recordAudit } from '../audit/index.ts';
import { loadManifestAccess, toManifest, versionRef } from './manifests.access.ts';
import * as mails from './manifests.mail.ts';
import * as repo from './manifests.repo.ts';

/** The tracking event sent on each review state change (spec §7, after the listing's event). */
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
  const version = await repo.findVersion(ctx, id);
  if (!version) throw notFound('App version');
  const app =
    actor === 'admin'
      ? await findApp(ctx, version.developerAppId)
      : (await loadManifestAccess(ctx, user, version.developerAppId, 'modify', 'App version')).app;
  if (!app) throw notFound('App version');
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

  if (actor === 'admin') {
    // The staff audit log keeps each decision on the app's history; the field names the version.
    const field = `manifest ${versionLabel(versionRef(updated))}`;
    await recordAudit(
      ctx,
      user,
      transition.event === 'approved' ? 'developer_app.manifest_approve' : 'developer_app.manifest_reject',
      { type: 'developer_app', id: app.id },
      { [field]: version.state, admin_notes: version.adminNotes },
      { [field]: updated.state, admin_notes: updated.adminNotes },
    );
  }
  await recordEvent(ctx, user.id, {
    key: REVIEW_EVENT_KEY,
    additional_properties: {
      developer_app_id: app.id,
      app_version_id: updated.id,
      state: transition.event,
      from: version.state,
      to: updated.state,
    },
  });
  // One key per change, so a retried mail job never sends twice and a later change mails again.
  await notify(ctx, user, app, updated, { event: transition.event, id: randomUUID() });
  const row = await repo.findVersionWithCreator(ctx, updated.id);
  return toManifest(row!.version, row!.creatorName, await repo.appFacts(ctx, app.id));
}

async function notify(
  ctx: AppContext,
  user: SessionUser,
  app: DeveloperAppRow,
  version: repo.AppVersionRow,
  change: { event: ReviewEvent; id: string },
) {
  const { event } = change;
  if (event === 'withdrawn') return;
  const review = {
    appName: app.name ?? app.internalName,
    appId: app.id,
    version: versionLabel(versionRef(version)),
  };
  const key = (email: string) => `manifests.${event}:${version.id}:${change.id}:${email}`;
  if (event === 'submitted') {
    const mail = mails.submittedMail(ctx.config, {
      ...review,
      notes: version.developerNotes,
      submitterName: user.name,
    });
    for (const email of await repo.reviewerEmails(ctx))
      await sendMail(ctx, {
        to: email,
        template: 'manifests.submitted',
        idempotencyKey: key(email),
        ...mail,
      });
    return;
  }
  const mail = mails.reviewedMail(ctx.config, {
    ...review,
    notes: version.adminNotes,
    approved: event === 'approved',
  });
  const recipients = (await listMembers(ctx, app.id))
    .filter((member) => member.role === 'owner' || member.role === 'admin')
    .map((member) => member.developer.email)
    .filter((email): email is string => Boolean(email));
  for (const email of recipients)
    await sendMail(ctx, { to: email, template: `manifests.${event}`, idempotencyKey: key(email), ...mail });
}
