import type { InvitationPreview } from '@portal/contracts';

/** An invitation as its link shows it before it is accepted (the accept page, sign-up); no e-mail unless a test adds one. */
export const invitationPreview: Omit<InvitationPreview, 'email'> = {
  app_name: 'Bid Board',
  inviter_name: 'Olivia Owner',
  role: 'developer',
  state: 'pending',
  email_hint: 'd••••@example.com',
};
