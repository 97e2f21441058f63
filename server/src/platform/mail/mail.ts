import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { mailOutbox } from '../../db/schema/index.ts';
import type { AppContext } from '../context.ts';
import { defineJob } from '../jobs.ts';

export type RenderedMail = { subject: string; text: string; html: string };

const MailJobPayload = z.object({
  to: z.email(),
  subject: z.string().min(1).max(300),
  text: z.string(),
  html: z.string(),
  template: z.string(),
  idempotencyKey: z.string().min(1).max(300),
});
export type MailJobPayload = z.infer<typeof MailJobPayload>;

/**
 * Delivers one message. A message whose idempotency key was already sent is skipped, so a retried
 * job never sends twice. Without SMTP the outbox row is the delivery.
 */
export const sendMailJob = defineJob({
  name: 'mail.send',
  schema: MailJobPayload,
  handler: async (message, ctx: AppContext) => {
    const [existing] = await ctx.db
      .select({ status: mailOutbox.status })
      .from(mailOutbox)
      .where(eq(mailOutbox.idempotencyKey, message.idempotencyKey));
    if (existing?.status === 'sent') return;
    const row = {
      idempotencyKey: message.idempotencyKey,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      template: message.template,
      delivery: ctx.smtp ? ('smtp' as const) : ('outbox' as const),
    };
    try {
      if (ctx.smtp) {
        await ctx.smtp.sendMail({
          from: ctx.config.mailFrom,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      }
    } catch (error) {
      const failure = {
        ...row,
        status: 'failed' as const,
        error: error instanceof Error ? error.message : String(error),
      };
      await ctx.db
        .insert(mailOutbox)
        .values(failure)
        .onConflictDoUpdate({ target: mailOutbox.idempotencyKey, set: failure });
      throw error;
    }
    const sent = { ...row, status: 'sent' as const, error: null };
    await ctx.db
      .insert(mailOutbox)
      .values(sent)
      .onConflictDoUpdate({ target: mailOutbox.idempotencyKey, set: sent });
    ctx.log.info({ to: message.to, subject: message.subject, delivery: row.delivery }, 'mail sent');
  },
});

/** Queues an e-mail; every e-mail leaves the portal through the mail job. */
export async function sendMail(
  ctx: AppContext,
  message: { to: string; template: string; idempotencyKey: string } & RenderedMail,
): Promise<void> {
  await ctx.jobs.send(sendMailJob, message, { singletonKey: message.idempotencyKey });
}
