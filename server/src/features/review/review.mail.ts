import type { Config } from '../../config.ts';
import { escapeHtml, renderLayout } from '../../platform/mail/layout.ts';
import type { RenderedMail } from '../../platform/mail/mail.ts';

/**
 * A review e-mail: a heading, its lines, what the other side wrote (`extra`, as text paragraphs and
 * as safe HTML), and the link to act on it. Each kind words its own mails.
 */
export function reviewMail(
  config: Config,
  input: {
    heading: string;
    lines: string[];
    extra?: { text: string[]; html: string } | undefined;
    action: { label: string; url: string };
  },
): RenderedMail {
  const { heading, lines, extra, action } = input;
  return {
    subject: heading,
    text: [...lines, ...(extra?.text ?? []), action.url].join('\n\n'),
    html: renderLayout({
      platformName: config.platformName,
      heading,
      bodyHtml: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') + (extra?.html ?? ''),
      action,
    }),
  };
}
