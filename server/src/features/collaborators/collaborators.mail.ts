import type { Config } from '../../config.ts';
import { escapeHtml, renderLayout } from '../../platform/mail/layout.ts';
import type { RenderedMail } from '../../platform/mail/mail.ts';

const ROLE_LABEL = { owner: 'Owner', admin: 'Admin', developer: 'Developer' } as const;
type Role = keyof typeof ROLE_LABEL;

function mail(
  config: Config,
  heading: string,
  lines: string[],
  action?: { label: string; url: string },
): RenderedMail {
  return {
    subject: heading,
    text: [...lines, ...(action ? [action.url] : [])].join('\n\n'),
    html: renderLayout({
      platformName: config.platformName,
      heading,
      bodyHtml: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
      action,
    }),
  };
}

const appUrl = (config: Config, appId: string) => `${config.publicUrl}/developer_apps/${appId}`;

export function invitationMail(
  config: Config,
  input: { inviterName: string; appName: string; role: Role; token: string; expiresAt: Date },
): RenderedMail {
  const url = `${config.publicUrl}/invitations/${encodeURIComponent(input.token)}`;
  const rendered = mail(
    config,
    `${input.inviterName} invited you to collaborate on ${input.appName}`,
    [
      `${input.inviterName} invited you to join ${input.appName} on the ${config.platformName} Developer Portal as ${ROLE_LABEL[input.role]}.`,
      `The invitation works once and expires on ${input.expiresAt.toUTCString()}. If you do not have an account yet, the link lets you create one with this e-mail address and brings you back here once it is confirmed.`,
    ],
    { label: 'Accept invitation', url },
  );
  return { ...rendered, secrets: [input.token] };
}

export function invitationAcceptedMail(
  config: Config,
  input: { accepterName: string; appName: string; appId: string; role: Role },
): RenderedMail {
  return mail(
    config,
    `${input.accepterName} joined ${input.appName}`,
    [
      `${input.accepterName} accepted your invitation and is now ${ROLE_LABEL[input.role]} on ${input.appName}.`,
    ],
    { label: 'Open the app', url: appUrl(config, input.appId) },
  );
}

export function invitationCanceledMail(config: Config, input: { appName: string }): RenderedMail {
  return mail(config, `Your invitation to ${input.appName} was canceled`, [
    `The invitation to collaborate on ${input.appName} was canceled, so its link no longer works.`,
  ]);
}

export function collaboratorRemovedMail(config: Config, input: { appName: string }): RenderedMail {
  return mail(config, `You were removed from ${input.appName}`, [
    `You are no longer a collaborator on ${input.appName}.`,
  ]);
}

export function ownershipTransferredMail(
  config: Config,
  input: {
    appName: string;
    appId: string;
    newOwnerName: string;
    formerOwnerName: string;
    toNewOwner: boolean;
  },
): RenderedMail {
  const line = input.toNewOwner
    ? `${input.formerOwnerName} transferred ownership of ${input.appName} to you. ${input.formerOwnerName} is now an Admin.`
    : `You transferred ownership of ${input.appName} to ${input.newOwnerName}. You are now an Admin.`;
  return mail(config, `Ownership of ${input.appName} was transferred`, [line], {
    label: 'Open the app',
    url: appUrl(config, input.appId),
  });
}
