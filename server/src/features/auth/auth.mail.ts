import type { Config } from '../../config.ts';
import { SIGN_IN_LINK_SECONDS } from '../../platform/auth/login-limiter.ts';
import { escapeHtml, renderLayout } from '../../platform/mail/layout.ts';
import type { RenderedMail } from '../../platform/mail/mail.ts';

type Recipient = { name: string; email: string };

/** A token link to a page of the portal, carrying the same-site path to return to after it. */
const tokenLink = (config: Config, page: string, token: string, next: string | null) =>
  `${config.publicUrl}/${page}?token=${encodeURIComponent(token)}${next ? `&next=${encodeURIComponent(next)}` : ''}`;

export function confirmEmailMail(
  config: Config,
  user: Recipient,
  token: string,
  next: string | null = null,
): RenderedMail {
  const url = tokenLink(config, 'confirm', token, next);
  const subject = `Confirm your ${config.platformName} Developer Portal account`;
  return {
    secrets: [token],
    subject,
    text: `Hi ${user.name},\n\nConfirm your e-mail address to finish creating your account:\n${url}\n\nIf you did not sign up, ignore this message.`,
    html: renderLayout({
      platformName: config.platformName,
      heading: 'Confirm your e-mail address',
      bodyHtml: `<p>Hi ${escapeHtml(user.name)},</p><p>Confirm your e-mail address to finish creating your account.</p>`,
      action: { label: 'Confirm e-mail address', url },
      footerHtml: 'If you did not sign up, ignore this message.',
    }),
  };
}

export function resetPasswordMail(config: Config, user: Recipient, token: string): RenderedMail {
  const url = `${config.publicUrl}/reset_password?token=${encodeURIComponent(token)}`;
  return {
    secrets: [token],
    subject: `Reset your ${config.platformName} Developer Portal password`,
    text: `Hi ${user.name},\n\nSomeone asked to reset your password. Choose a new one here (the link works for one hour):\n${url}\n\nIf it was not you, ignore this message; your password stays the same.`,
    html: renderLayout({
      platformName: config.platformName,
      heading: 'Reset your password',
      bodyHtml: `<p>Hi ${escapeHtml(user.name)},</p><p>Someone asked to reset your password. The link works for one hour.</p>`,
      action: { label: 'Choose a new password', url },
      footerHtml: 'If it was not you, ignore this message; your password stays the same.',
    }),
  };
}

export function signInLinkMail(
  config: Config,
  user: Recipient,
  token: string,
  next: string | null = null,
): RenderedMail {
  const url = tokenLink(config, 'sign_in_link', token, next);
  const minutes = Math.round(SIGN_IN_LINK_SECONDS / 60);
  return {
    secrets: [token],
    subject: `Sign in to the ${config.platformName} Developer Portal`,
    text: `Hi ${user.name},\n\nSomeone asked for a link to sign in to your account without its password. It works once, within ${minutes} minutes:\n${url}\n\nIf it was not you, ignore this message: nobody can use the link without this mailbox, and your password stays the same.`,
    html: renderLayout({
      platformName: config.platformName,
      heading: 'Sign in with this link',
      bodyHtml: `<p>Hi ${escapeHtml(user.name)},</p><p>Someone asked for a link to sign in to your account without its password. It works once, within ${minutes} minutes.</p>`,
      action: { label: 'Sign in', url },
      footerHtml:
        'If it was not you, ignore this message: nobody can use the link without this mailbox, and your password stays the same.',
    }),
  };
}
