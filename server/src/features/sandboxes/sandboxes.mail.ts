import type { Config } from '../../config.ts';
import { escapeHtml, renderLayout } from '../../platform/mail/layout.ts';
import type { RenderedMail } from '../../platform/mail/mail.ts';

export function sandboxReadyMail(
  config: Config,
  input: { ownerName: string; appName: string; appId: string; sandboxUrl: string },
): RenderedMail {
  const url = `${config.publicUrl}/developer_apps/${input.appId}`;
  const line = `The sandbox for ${input.appName} is ready. Its company lives at ${input.sandboxUrl}; its credentials are on the app page.`;
  return {
    subject: `Your sandbox for ${input.appName} is ready`,
    text: `Hi ${input.ownerName},\n\n${line}\n${url}`,
    html: renderLayout({
      platformName: config.platformName,
      heading: 'Your sandbox is ready',
      bodyHtml: `<p>Hi ${escapeHtml(input.ownerName)},</p><p>${escapeHtml(line)}</p>`,
      action: { label: 'Open the app', url },
    }),
  };
}
