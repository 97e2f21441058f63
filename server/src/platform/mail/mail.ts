import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { mailOutbox } from '../../db/schema/index.ts';
import type { AppContext } from '../context.ts';
import { defineJob } from '../jobs.ts';
import { decryptSecret, encryptSecret, hashSecret, keyringFor } from '../secrets.ts';

export type RenderedMail = {
  subject: string;
  text: string;
  html: string;
  /**
   * Values in the message that grant access (tokens in links). They never rest in the database:
   * the job carries the message sealed with ENCRYPTION_KEY, and the outbox copy of a message SMTP
   * delivered has them redacted. Without SMTP the outbox is the delivery, so it keeps them.
   */
  secrets?: string[];
};

export const REDACTED = '[redacted]';

const MailJobPayload = z.object({
  to: z.email(),
  subject: z.string().min(1).max(300),
  /** With `sealed`, these are the redacted copies. */
  text: z.string(),
  html: z.string(),
  /** The message with its secrets: `{text, html}` as JSON, sealed with the encryption key. */
  sealed: z.string().optional(),
  template: z.string(),
  idempotencyKey: z.string().min(1).max(300),
  /** The announcement a critical-announcement e-mail is about: recorded on the outbox row, where its reach counts it. */
  announcementId: z.uuid().optional(),
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
    const live = message.sealed
      ? (JSON.parse(decryptSecret(message.sealed, keyringFor(ctx.config)).plain) as {
          text: string;
          html: string;
        })
      : { text: message.text, html: message.html };
    // Over SMTP the recipient's inbox holds the links; the outbox copy is for staff and keeps none.
    const stored = ctx.smtp ? { text: message.text, html: message.html } : live;
    const row = {
      idempotencyKey: message.idempotencyKey,
      to: message.to,
      subject: message.subject,
      ...stored,
      template: message.template,
      delivery: ctx.smtp ? ('smtp' as const) : ('outbox' as const),
      ...(message.announcementId ? { announcementId: message.announcementId } : {}),
    };
    // Moves announcements.emails_sent / emails_failed for the row's announcement_id (trigger, db/derived.ts).
    try {
      if (ctx.smtp) {
        await ctx.smtp.sendMail({
          from: ctx.config.mailFrom,
          messageId: messageIdFor(message.idempotencyKey, ctx.config.mailFrom),
          to: message.to,
          subject: message.subject,
          ...live,
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

/**
 * One Message-ID per e-mail, the same on every attempt: a retry after a delivery whose answer was
 * lost (the process killed between the SMTP server's 250 and the outbox update) carries the ID of
 * the copy already delivered, so the receiving side can drop it.
 */
export function messageIdFor(idempotencyKey: string, from: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'developer-portal.invalid';
  return `<${hashSecret(idempotencyKey).slice(0, 40)}@${domain}>`;
}

/** Every occurrence of each secret, raw or URL-encoded, replaced by REDACTED. */
export function redact(text: string, secrets: string[]): string {
  let result = text;
  for (const secret of secrets.filter(Boolean)) {
    for (const form of new Set([secret, encodeURIComponent(secret)]))
      result = result.replaceAll(form, REDACTED);
  }
  return result;
}

/** Mail a person is waiting for (confirmation, reset, invitation) goes ahead of bulk mail. */
const TRANSACTIONAL_PRIORITY = 10;

/**
 * Queues an e-mail; every e-mail leaves the portal through the mail job. `bulk` marks mail sent to
 * many people at once (announcements), which waits behind everything a person is waiting for.
 */
export async function sendMail(
  ctx: AppContext,
  message: {
    to: string;
    template: string;
    idempotencyKey: string;
    announcementId?: string;
    bulk?: boolean;
  } & RenderedMail,
): Promise<void> {
  const { secrets = [], bulk = false, ...mail } = message;
  const payload = secrets.length
    ? {
        ...mail,
        text: redact(mail.text, secrets),
        html: redact(mail.html, secrets),
        sealed: encryptSecret(JSON.stringify({ text: mail.text, html: mail.html }), keyringFor(ctx.config)),
      }
    : mail;
  await ctx.jobs.send(sendMailJob, payload, {
    singletonKey: message.idempotencyKey,
    priority: bulk ? 0 : TRANSACTIONAL_PRIORITY,
  });
}
