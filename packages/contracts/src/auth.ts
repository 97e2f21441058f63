import { z } from 'zod';

import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './rules/limits.ts';

const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
const name = z.string().trim().min(1, 'Name is required').max(NAME_MAX_LENGTH);
const email = z.email('Enter a valid email address').max(254);
const samePath = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)/, 'Must be a path on this site');

export const SignUpBody = z.strictObject({
  name,
  email,
  password,
  company_name: z.string().trim().max(NAME_MAX_LENGTH).optional(),
  /** A same-site path the confirmation link returns to (e.g. an invitation). */
  next: samePath.optional(),
});
export type SignUpBody = z.infer<typeof SignUpBody>;

export const SignInBody = z.strictObject({ email, password: z.string().min(1).max(PASSWORD_MAX_LENGTH) });
export type SignInBody = z.infer<typeof SignInBody>;

export const ForgotPasswordBody = z.strictObject({ email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

/** Asks for a one-time sign-in link by e-mail (offered when sign-in is refused for too many attempts). */
export const SignInLinkBody = z.strictObject({
  email,
  /** A same-site path the link returns to after signing in. */
  next: samePath.optional(),
});
export type SignInLinkBody = z.infer<typeof SignInLinkBody>;

/** Signs in with the token of an e-mailed sign-in link. */
export const SignInWithLinkBody = z.strictObject({ token: z.string().min(1).max(200) });
export type SignInWithLinkBody = z.infer<typeof SignInWithLinkBody>;

export const ResetPasswordBody = z.strictObject({ token: z.string().min(1).max(200), password });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const ConfirmEmailBody = z.strictObject({ token: z.string().min(1).max(2000) });
export type ConfirmEmailBody = z.infer<typeof ConfirmEmailBody>;

export const UpdateSettingsBody = z.strictObject({
  name: name.optional(),
  company_name: z.string().trim().max(NAME_MAX_LENGTH).nullable().optional(),
  critical_emails: z.boolean().optional(),
  /** The form-based app page (Configuration Builder beta) opt-in, kept so it follows the user. */
  developer_apps_beta: z.boolean().optional(),
});
export type UpdateSettingsBody = z.infer<typeof UpdateSettingsBody>;

export const ChangePasswordBody = z.strictObject({
  current_password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  new_password: password,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;
