import type { Config } from '../../config.ts';
import { escapeHtml, renderLayout } from '../../platform/mail/layout.ts';
import type { RenderedMail } from '../../platform/mail/mail.ts';
import { reviewMail } from '../review/index.ts';

type Input = { ownerName: string; appName: string; appId: string; reason?: string | undefined };

export function productionAccessMail(config: Config, input: Input, approved: boolean): RenderedMail {
  const url = `${config.publicUrl}/developer_apps/${input.appId}`;
  const heading = approved ? 'Production credentials approved' : 'Production credentials request declined';
  const line = approved
    ? `Your request for production credentials for ${input.appName} was approved. Open the app to view them.`
    : `Your request for production credentials for ${input.appName} was declined. Contact ${config.supportEmail} for details.`;
  const reason = !approved && input.reason ? input.reason : '';
  return {
    subject: `${heading}: ${input.appName}`,
    text: `Hi ${input.ownerName},\n\n${line}\n${reason ? `\nReason: ${reason}\n` : ''}${url}`,
    html: renderLayout({
      platformName: config.platformName,
      heading,
      bodyHtml: `<p>Hi ${escapeHtml(input.ownerName)},</p><p>${escapeHtml(line)}</p>${
        reason ? `<p>Reason: ${escapeHtml(reason)}</p>` : ''
      }`,
      action: { label: 'Open the app', url },
    }),
  };
}

/** To platform reviewers: a production credentials request waits in the review queue. */
export function productionRequestedMail(
  config: Config,
  input: { appName: string; appId: string; requesterName: string; confidential: boolean },
): RenderedMail {
  return reviewMail(config, {
    heading: `Production credentials requested: ${input.appName}`,
    lines: [
      `${input.requesterName} requested ${input.confidential ? 'confidential' : 'public'} production credentials for ${input.appName}.`,
      'Approve or deny the request from the review queue or the app page.',
    ],
    action: { label: 'Open the review queue', url: `${config.publicUrl}/admin/review_queue` },
  });
}
