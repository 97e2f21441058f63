import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/index.ts';
import type { TestApp, TestClient } from '../../test/helpers.ts';

/** Asks for a sign-in link for `email` from the address `ip`. */
export function askForSignInLink(client: TestClient, email: string, ip: string, next?: string) {
  return client.request({
    method: 'POST',
    url: '/api/v1/auth/sign_in_link',
    payload: { email, ...(next ? { next } : {}) },
    remoteAddress: ip,
  });
}

export function signInWithLink(client: TestClient, token: string) {
  return client.post('/api/v1/auth/sign_in_with_link', { token });
}

/** The tokens of the sign-in links mailed to `email` (after running the mail jobs), newest first. */
export async function signInLinksTo(t: Pick<TestApp, 'ctx' | 'drainJobs'>, email: string): Promise<string[]> {
  await t.drainJobs();
  const rows = await t.ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email.toLowerCase()))
    .orderBy(desc(mailOutbox.createdAt));
  return rows.flatMap((row) => {
    const match = /\/sign_in_link\?token=([^\s&"]+)/.exec(row.text);
    return match ? [decodeURIComponent(match[1]!)] : [];
  });
}
