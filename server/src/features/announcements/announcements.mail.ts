import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import { escapeHtml, renderLayout } from '../../platform/mail/layout.ts';
import type { RenderedMail } from '../../platform/mail/mail.ts';
import { renderMarkdown } from '../../platform/markdown.ts';

const PURPOSE = 'critical-emails-opt-out';

function signature(config: Config, userId: string): string {
  return createHmac('sha256', config.sessionSecret).update(`${PURPOSE}:${userId}`).digest('base64url');
}

/** A token naming the user, signed with the session secret; it only ever turns e-mails off. */
export function optOutToken(config: Config, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${signature(config, userId)}`;
}

/** The user id in a valid token, else null. */
export function verifyOptOutToken(config: Config, token: string): string | null {
  const [encoded, given] = token.split('.');
  if (!encoded || !given) return null;
  const userId = Buffer.from(encoded, 'base64url').toString();
  const expected = Buffer.from(signature(config, userId));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return userId;
}

type Announcement = { id: string; title: string; summary: string; body: string };

export function criticalAnnouncementMail(
  config: Config,
  user: { id: string; name: string },
  announcement: Announcement,
): RenderedMail {
  const url = `${config.publicUrl}/notifications/${announcement.id}`;
  const token = optOutToken(config, user.id);
  const optOutUrl = `${config.publicUrl}/notifications/opt_out?token=${encodeURIComponent(token)}`;
  return {
    secrets: [token],
    subject: `[${config.platformName} Developers] ${announcement.title}`,
    text: `Hi ${user.name},\n\n${announcement.title}\n\n${announcement.summary}\n\n${announcement.body}\n\nRead it in the portal: ${url}\n\nStop critical announcement e-mails: ${optOutUrl}`,
    html: renderLayout({
      platformName: config.platformName,
      heading: announcement.title,
      bodyHtml: `<p>Hi ${escapeHtml(user.name)},</p>${renderMarkdown(announcement.summary)}${renderMarkdown(announcement.body)}`,
      action: { label: 'Read it in the portal', url },
      footerHtml: `You receive this because you are subscribed to critical announcements. <a href="${escapeHtml(optOutUrl)}">Unsubscribe from critical e-mails</a> with one click.`,
    }),
  };
}
