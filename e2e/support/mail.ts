import { type APIRequestContext, expect } from '@playwright/test';
import { MAIL_SINK_HTTP } from './env.ts';

export type SinkMessage = { to: string[]; subject: string; text: string; raw: string };

export async function messagesTo(email: string): Promise<SinkMessage[]> {
  const res = await fetch(`${MAIL_SINK_HTTP}/messages?to=${encodeURIComponent(email)}`);
  return (await res.json()) as SinkMessage[];
}

/** Waits until the SMTP sink has received a message for `email` whose subject matches. */
export async function waitForMail(email: string, subject: RegExp): Promise<SinkMessage> {
  let found: SinkMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await messagesTo(email)).find((m) => subject.test(m.subject));
        return Boolean(found);
      },
      { timeout: 20_000, message: `e-mail to ${email} matching ${subject}` },
    )
    .toBe(true);
  return found!;
}

export function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path.replace('/', '\\/')}\\?token=[^\\s]+`).exec(text);
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return match[0];
}

/**
 * Waits until the portal's outbox (read as an admin, through the API) holds a message to `email`
 * with a `path?token=` link, and returns the newest such link.
 */
export async function outboxLink(admin: APIRequestContext, email: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await admin.get(`/api/v1/admin/outbox?to=${encodeURIComponent(email)}`);
        const messages = (await res.json()) as Array<{ to: string; text: string }>;
        const message = messages.find((m) => m.to === email && m.text.includes(`${path}?token=`));
        link = message ? linkIn(message.text, path) : undefined;
        return Boolean(link);
      },
      { timeout: 20_000, message: `an outbox message to ${email} with a ${path} link` },
    )
    .toBe(true);
  return link!;
}
