/**
 * The e-mails of a review: a submission goes to the platform's reviewers, a decision to the app's
 * owner and admins. Each change mails every recipient once, under one key format,
 * `<kind>.<event>:<subject id>:<change id>:<recipient's user id>`: a retried mail job finds its key
 * sent and sends nothing, and a later change of the same subject (a new change id) mails again.
 * Keys are made when the mail is queued and travel in the job, so a mail queued under an older
 * format is still checked against its own key.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../platform/context.ts';
import { type RenderedMail, sendMail } from '../../platform/mail/mail.ts';
import { ownerAndAdmins, reviewers } from './review.repo.ts';

/**
 * What is reviewed; its name leads the mail keys (`marketplace` for listings, as their keys always were;
 * the two access requests name the app as their subject).
 */
export type ReviewKind = 'manifests' | 'marketplace' | 'production_access' | 'marketplace_access';

export type ReviewNotice = {
  kind: ReviewKind;
  event: 'submitted' | 'approved' | 'rejected';
  /** The version or listing that changed (the app, for an access request). */
  subjectId: string;
  appId: string;
  template: string;
  mail: RenderedMail;
};

export async function notifyReview(ctx: AppContext, notice: ReviewNotice): Promise<void> {
  const change = randomUUID();
  const recipients =
    notice.event === 'submitted' ? await reviewers(ctx) : await ownerAndAdmins(ctx, notice.appId);
  for (const person of recipients)
    await sendMail(ctx, {
      to: person.email,
      template: notice.template,
      idempotencyKey: `${notice.kind}.${notice.event}:${notice.subjectId}:${change}:${person.id}`,
      ...notice.mail,
    });
}
