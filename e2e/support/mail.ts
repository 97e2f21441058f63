import { expect } from '@playwright/test';
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
