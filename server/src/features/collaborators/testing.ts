import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/index.ts';
import type { TestApp, TestClient } from '../../test/helpers.ts';

/** The e-mails sent to an address so far (runs due jobs first). */
export async function mailsTo(t: TestApp, email: string) {
  await t.drainJobs();
  // Oldest first (rows come back in any order without one: a mail updated in place moves).
  return t.ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email.toLowerCase()))
    .orderBy(mailOutbox.createdAt, mailOutbox.id);
}

/** The token from the newest invitation e-mail to an address. */
export async function invitationToken(t: TestApp, email: string): Promise<string> {
  const mails = (await mailsTo(t, email)).filter((m) => m.template === 'collaborators.invitation');
  const last = mails.at(-1);
  const match = last?.text.match(/\/invitations\/([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no invitation mail to ${email}`);
  return match[1]!;
}

/** Invites someone through the API and accepts as them: the real way onto an app. */
export async function joinApp(t: TestApp, inviter: TestClient, appId: string, role: 'admin' | 'developer') {
  const member = await t.asNewUser();
  const res = await inviter.post('/api/v1/invitations', {
    developer_app_id: appId,
    email: member.user.email,
    role,
  });
  if (res.statusCode !== 201) throw new Error(`invite failed: ${res.statusCode} ${res.body}`);
  const token = await invitationToken(t, member.user.email);
  const accepted = await member.client.post(`/api/v1/invitations/${token}/accept`);
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  return member;
}
