import type { Config } from '../../config.ts';
import { escapeHtml, renderLayout } from '../../platform/mail/layout.ts';
import type { RenderedMail } from '../../platform/mail/mail.ts';
import { adminMessageText } from './admin-message.ts';

type Listing = { appId: string; appName: string; listingName: string };

/** To platform reviewers: a listing waits for review. */
export function listingSubmittedMail(
  config: Config,
  input: Listing & { submitterName: string },
): RenderedMail {
  const heading = `Marketplace listing submitted for review: ${input.listingName}`;
  const lines = [
    `${input.submitterName} submitted the marketplace listing "${input.listingName}" of ${input.appName} for review.`,
  ];
  const action = {
    label: 'Review the listing',
    url: `${config.publicUrl}/admin/developer_apps/${input.appId}`,
  };
  return {
    subject: heading,
    text: [...lines, action.url].join('\n\n'),
    html: renderLayout({
      platformName: config.platformName,
      heading,
      bodyHtml: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
      action,
    }),
  };
}

/** To the app's owner and admins: the review's outcome, with the reviewer's message (sanitized HTML). */
export function listingReviewedMail(
  config: Config,
  input: Listing & { outcome: 'approved' | 'rejected'; adminMessage: string | null },
): RenderedMail {
  const approved = input.outcome === 'approved';
  const heading = approved
    ? `Your marketplace listing was approved: ${input.listingName}`
    : `Your marketplace listing needs changes: ${input.listingName}`;
  const line = approved
    ? `The marketplace listing "${input.listingName}" of ${input.appName} was approved and is now published.`
    : `The marketplace listing "${input.listingName}" of ${input.appName} was not approved. It is back in draft: make the changes below and resubmit it for review.`;
  const action = { label: 'Open the listing', url: `${config.publicUrl}/developer_apps/${input.appId}` };
  const messageHtml = input.adminMessage
    ? `<p><strong>Message from the reviewer:</strong></p><blockquote>${input.adminMessage}</blockquote>`
    : '';
  const messageText = input.adminMessage
    ? `Message from the reviewer:\n${adminMessageText(input.adminMessage)}`
    : '';
  return {
    subject: heading,
    text: [line, messageText, action.url].filter(Boolean).join('\n\n'),
    html: renderLayout({
      platformName: config.platformName,
      heading,
      bodyHtml: `<p>${escapeHtml(line)}</p>${messageHtml}`,
      action,
    }),
  };
}
