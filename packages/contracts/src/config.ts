import { z } from 'zod';

export const ROLES = ['developer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The signed-in user as the web sees it. */
export const CurrentUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  employee: z.boolean(),
  procore_id: z.number().int(),
  company_name: z.string().nullable(),
  critical_emails: z.boolean(),
  developer_apps_beta: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

/** `GET /api/v1/config`: deployment flags and the session's user. */
export const RuntimeConfig = z.object({
  platform_name: z.string(),
  support_email: z.string(),
  fedramp: z.boolean(),
  restricted_government: z.boolean(),
  /** The marketplace listing's Security & Compliance tab (spec developer-apps §6: security_and_compliance_enabled). */
  security_and_compliance_enabled: z.boolean(),
  semantic_versions: z.boolean(),
  reference_external_url: z.string().nullable(),
  reference_external_label: z.string(),
  /** The marketplace activation screen's external forms (current partner / not yet a partner). */
  marketplace_partner_form_url: z.string(),
  marketplace_new_partner_form_url: z.string(),
  dev_api_base_url: z.string(),
  /** How e-mail leaves the portal: over SMTP, or only into the admin outbox (no SMTP configured). */
  mail_delivery: z.enum(['smtp', 'outbox']),
  branch: z.string(),
  csrf_token: z.string(),
  user: CurrentUser.nullable(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;
