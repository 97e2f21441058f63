import type { Config } from '../../config.ts';
import type { RenderedMail } from '../../platform/mail/mail.ts';
import { reviewMail } from '../review/index.ts';
import { adminMessageText } from './admin-message.ts';

type Listing = { appId: string; appName: string; listingName: string };

/** To platform reviewers: a listing waits for review. */
export function listingSubmittedMail(
  config: Config,
  input: Listing & { submitterName: string },
): RenderedMail {
  return reviewMail(config, {
    heading: `Marketplace listing submitted for review: ${input.listingName}`,
    lines: [
      `${input.submitterName} submitted the marketplace listing "${input.listingName}" of ${input.appName} for review.`,
    ],
    action: { label: 'Review the listing', url: `${config.publicUrl}/admin/developer_apps/${input.appId}` },
  });
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
  // The reviewer's message is sanitized HTML (admin-message.ts), shown as sent.
  const extra = input.adminMessage
    ? {
        text: [`Message from the reviewer:\n${adminMessageText(input.adminMessage)}`],
        html: `<p><strong>Message from the reviewer:</strong></p><blockquote>${input.adminMessage}</blockquote>`,
      }
    : undefined;
  return reviewMail(config, { heading, lines: [line], extra, action });
}

/** To platform reviewers: the app's people ask for the marketplace listing to be enabled. */
export function marketplaceAccessRequestedMail(
  config: Config,
  input: { appId: string; appName: string; requesterName: string },
): RenderedMail {
  return reviewMail(config, {
    heading: `Marketplace access requested: ${input.appName}`,
    lines: [
      `${input.requesterName} asked to enable the marketplace listing of ${input.appName}.`,
      'Enable it or decline the request from the review queue.',
    ],
    action: { label: 'Open the review queue', url: `${config.publicUrl}/admin/review_queue` },
  });
}

/** To the app's owner and admins: the marketplace listing was enabled, or the request declined. */
export function marketplaceAccessDecidedMail(
  config: Config,
  input: { appId: string; appName: string; approved: boolean; reason?: string | undefined },
): RenderedMail {
  const heading = input.approved
    ? `Marketplace listing enabled: ${input.appName}`
    : `Marketplace access request declined: ${input.appName}`;
  const line = input.approved
    ? `The marketplace listing of ${input.appName} is enabled. Fill in the listing and submit it for review.`
    : `Your request to enable the marketplace listing of ${input.appName} was declined. Contact ${config.supportEmail} for details.`;
  return reviewMail(config, {
    heading,
    lines: [line, ...(input.reason ? [`Reason: ${input.reason}`] : [])],
    action: {
      label: 'Open the app',
      url: `${config.publicUrl}/developer_apps/${input.appId}?tab=marketplaceListing`,
    },
  });
}
