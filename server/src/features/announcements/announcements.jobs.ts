import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs.ts';
import { sendMail } from '../../platform/mail/mail.ts';
import { criticalAnnouncementMail } from './announcements.mail.ts';
import * as repo from './announcements.repo.ts';
import { visibility } from './announcements.visibility.ts';

const BATCH = 500;

/**
 * Queues one e-mail per confirmed, opted-in account for a critical announcement. The mail job is
 * keyed `announcement:<id>:<userId>`, so a retried fan-out (or mail job) never sends twice, and a run
 * cut short by a shutdown can stop anywhere.
 */
export const criticalFanOutJob = defineJob({
  name: 'announcements.critical-fan-out',
  schema: z.object({ announcementId: z.uuid() }),
  // Queuing a mail per subscriber takes long on a big list; a retry starts over (keys dedupe).
  retry: { expireInSeconds: 3600 },
  handler: async ({ announcementId }, ctx: AppContext, job) => {
    const announcement = await repo.findById(ctx, announcementId);
    if (!announcement?.critical) return;
    // Never e-mail what developers cannot see yet (critical clears these, but guard anyway).
    if (!visibility(announcement, ctx.clock.now()).visible) {
      ctx.log.warn({ announcementId }, 'critical announcement not visible; not e-mailed');
      return;
    }
    let afterId: string | null = null;
    for (;;) {
      const recipients = await repo.criticalRecipients(ctx, afterId, BATCH);
      for (const user of recipients) {
        // Given up (the server stopping): the run that follows sends the rest (the keys dedupe).
        if (job.signal.aborted) return;
        await sendMail(ctx, {
          to: user.email,
          template: repo.CRITICAL_MAIL_TEMPLATE,
          idempotencyKey: repo.criticalMailKey(announcement.id, user.id),
          // Recorded on the outbox row: the reach (emails_sent / emails_failed) counts by it.
          announcementId: announcement.id,
          bulk: true,
          ...criticalAnnouncementMail(ctx.config, user, announcement),
        });
      }
      if (recipients.length < BATCH) break;
      afterId = recipients.at(-1)!.id;
    }
  },
});
