import type { Config } from '../../config.ts';
import { SIGN_IN_LINK_SECONDS } from '../../platform/auth/login-limiter.ts';
import { escapeHtml, renderLayout } from '../../platform/mail/layout.ts';
import type { RenderedMail } from '../../platform/mail/mail.ts';

type Recipient = { name: string; email: string };

/** A token link to a page of the portal, carrying the same-site path to return to after it. */
const tokenLink = (config: Config, page: string, token: string, next: string | null) =>
  `${config.publicUrl}/${page}?token=${encodeURIComponent(token)}${next ? `&next=${encodeURIComponent(next)}` : ''}`;

/**
 * A mail whose one action is a token link: a greeting, what the link is for (`lead`; `textLead` where
 * the text version says it otherwise), the link, and the footer.
 */
function tokenMail(
  config: Config,
  user: Recipient,
  token: string,
  url: string,
  parts: {
    subject: string;
    heading: string;
    lead: string;
    textLead?: string;
    action: string;
    footer: string;
  },
): RenderedMail {
  return {
    secrets: [token],
    subject: parts.subject,
    text: `Hi ${user.name},\n\n${parts.textLead ?? parts.lead}:\n${url}\n\n${parts.footer}`,
    html: renderLayout({
      platformName: config.platformName,
      heading: parts.heading,
      bodyHtml: `<p>Hi ${escapeHtml(user.name)},</p><p>${parts.lead}.</p>`,
      action: { label: parts.action, url },
      footerHtml: parts.footer,
    }),
  };
}

export function confirmEmailMail(
  config: Config,
  user: Recipient,
  token: string,
  next: string | null = null,
): RenderedMail {
  return tokenMail(config, user, token, tokenLink(config, 'confirm', token, next), {
    subject: `Confirm your ${config.platformName} Developer Portal account`,
    heading: 'Confirm your e-mail address',
    lead: 'Confirm your e-mail address to finish creating your account',
    action: 'Confirm e-mail address',
    footer: 'If you did not sign up, ignore this message.',
  });
}

export function resetPasswordMail(config: Config, user: Recipient, token: string): RenderedMail {
  return tokenMail(
    config,
    user,
    token,
    `${config.publicUrl}/reset_password?token=${encodeURIComponent(token)}`,
    {
      subject: `Reset your ${config.platformName} Developer Portal password`,
      heading: 'Reset your password',
      lead: 'Someone asked to reset your password. The link works for one hour',
      textLead: 'Someone asked to reset your password. Choose a new one here (the link works for one hour)',
      action: 'Choose a new password',
      footer: 'If it was not you, ignore this message; your password stays the same.',
    },
  );
}

export function signInLinkMail(
  config: Config,
  user: Recipient,
  token: string,
  next: string | null = null,
): RenderedMail {
  const minutes = Math.round(SIGN_IN_LINK_SECONDS / 60);
  return tokenMail(config, user, token, tokenLink(config, 'sign_in_link', token, next), {
    subject: `Sign in to the ${config.platformName} Developer Portal`,
    heading: 'Sign in with this link',
    lead: `Someone asked for a link to sign in to your account without its password. It works once, within ${minutes} minutes`,
    action: 'Sign in',
    footer:
      'If it was not you, ignore this message: nobody can use the link without this mailbox, and your password stays the same.',
  });
}
