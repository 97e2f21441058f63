import type { Config } from '../../config.ts';
import { escapeHtml } from '../../platform/mail/layout.ts';
import type { RenderedMail } from '../../platform/mail/mail.ts';
import { reviewMail } from '../review/index.ts';

type Review = { appName: string; appId: string; version: string; notes: string | null };

function mail(
  config: Config,
  heading: string,
  lines: string[],
  notes: { label: string; text: string | null },
  action: { label: string; url: string },
): RenderedMail {
  const extra = notes.text
    ? {
        text: [`${notes.label}:`, notes.text],
        html: `<p><strong>${escapeHtml(notes.label)}:</strong></p><p style="white-space:pre-wrap;border-left:3px solid #ddd;padding-left:12px">${escapeHtml(notes.text)}</p>`,
      }
    : {
        text: [`${notes.label}: none`],
        html: `<p><strong>${escapeHtml(notes.label)}:</strong> none</p>`,
      };
  return reviewMail(config, { heading, lines, extra, action });
}

/** To platform reviewers: a production version waits for review. */
export function submittedMail(config: Config, input: Review & { submitterName: string }): RenderedMail {
  return mail(
    config,
    `${input.appName} version ${input.version} was submitted for review`,
    [`${input.submitterName} submitted version ${input.version} of ${input.appName} for review.`],
    { label: 'Developer notes', text: input.notes },
    { label: 'Review the version', url: `${config.publicUrl}/admin/developer_apps/${input.appId}` },
  );
}

/** To the app's owner and admins: the review's outcome with the reviewer's notes. */
export function reviewedMail(config: Config, input: Review & { approved: boolean }): RenderedMail {
  const outcome = input.approved
    ? `Version ${input.version} of ${input.appName} was approved and is now the published version.`
    : `Version ${input.version} of ${input.appName} was not approved. It is back in your production versions; address the notes below, then submit it again or promote a new version.`;
  return mail(
    config,
    `${input.appName} version ${input.version} was ${input.approved ? 'approved' : 'rejected'}`,
    [outcome],
    { label: 'Reviewer notes', text: input.notes },
    { label: 'Open the app', url: `${config.publicUrl}/developer_apps/${input.appId}` },
  );
}
