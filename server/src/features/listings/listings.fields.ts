/**
 * What a save changes: the columns a body names (texts trimmed, empty as null, the region filter kept
 * in step), and the staff-only fields a developer may not change.
 */
import { STAFF_ONLY_FIELDS, type SubmissionBody } from '@portal/contracts';
import { AppError } from '../../platform/errors.ts';
import { sanitizeAdminMessage } from './admin-message.ts';
import type { ListingAccess } from './listings.access.ts';
import type { NewSubmissionRow, SubmissionRow } from './listings.repo.ts';
import { availableRegionIds } from './listings.rules.ts';

export const STAFF_ONLY_MESSAGE = 'Only platform staff can change this';
export const LEADS_MESSAGE = 'Only platform employees can offer the create-lead contact option';

/**
 * Fields only staff may change. From anyone else a change is refused (403 naming them); the same
 * value sent back (a form echoing the listing) is ignored. Answers the body without them.
 */
export function refuseStaffOnly(
  access: ListingAccess,
  row: SubmissionRow | null,
  body: SubmissionBody,
): SubmissionBody {
  if (access.staff) return body;
  const stored: Record<string, unknown> = {
    beta: row?.beta ?? false,
    security_badge: row?.securityBadge ?? false,
    is_concierge_app: row?.isConciergeApp ?? false,
    made_by_procore: row?.madeByProcore ?? false,
    procore_certified_partner: row?.procoreCertifiedPartner ?? false,
    admin_message: row?.adminMessage ?? null,
    notes: null,
    approval_state: row?.approvalState ?? 'unreviewed',
    silent: row?.silent ?? false,
  };
  const refused = STAFF_ONLY_FIELDS.filter((field) => {
    const value = body[field];
    if (value === undefined) return false;
    if (field === 'security_questionnaire_document_attributes') return true;
    return (value ?? null) !== (stored[field] ?? null);
  });
  const fields: Record<string, string[]> = Object.fromEntries(
    refused.map((field) => [field, [STAFF_ONLY_MESSAGE]]),
  );
  if (body.create_lead === true && !row?.createLead && !access.permissions.isPlatformEmployee)
    fields.create_lead = [LEADS_MESSAGE];
  if (Object.keys(fields).length) {
    const names = Object.keys(fields).join(', ');
    throw new AppError('forbidden', `Only platform staff can change: ${names}`, {
      errors: [`Only platform staff can change: ${names}`],
      fields,
    });
  }
  const kept = { ...body } as Record<string, unknown>;
  for (const field of STAFF_ONLY_FIELDS) delete kept[field];
  return kept as SubmissionBody;
}

const text = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};
const link = (value: { label: string | null; url: string | null }) => ({
  label: text(value.label),
  url: text(value.url),
});

/** The row's columns a body changes (only what it names). */
export function columnsFrom(
  body: SubmissionBody,
  row: SubmissionRow,
  staff: boolean,
): Partial<NewSubmissionRow> {
  const set: Partial<NewSubmissionRow> = {};
  const texts = {
    public_name: 'publicName',
    tagline: 'tagline',
    description: 'description',
    about: 'about',
    built_by: 'builtBy',
    sold_by: 'soldBy',
    how_it_works: 'howItWorks',
    app_version: 'appVersion',
    draft_developer_notes: 'draftDeveloperNotes',
    support_email: 'supportEmail',
    contact_us_email: 'contactUsEmail',
    learn_how_url: 'learnHowUrl',
    pricing_url: 'pricingUrl',
    pricing_description: 'pricingDescription',
  } as const;
  for (const [field, column] of Object.entries(texts)) {
    const value = body[field as keyof typeof texts];
    if (value !== undefined) (set as Record<string, unknown>)[column] = text(value);
  }
  if (body.app_version_id !== undefined) set.appVersionId = text(body.app_version_id);
  if (body.category_ids !== undefined) set.categoryIds = [...new Set(body.category_ids)];
  if (body.costs_money !== undefined) set.costsMoney = body.costs_money;
  if (body.installable !== undefined) set.installable = body.installable;
  if (body.create_lead !== undefined) set.createLead = body.create_lead;
  if (body.subscription_required !== undefined) set.subscriptionRequired = body.subscription_required;
  if (body.connector_required !== undefined) set.connectorRequired = body.connector_required;
  if (body.has_trials !== undefined) set.hasTrials = body.has_trials;
  if (body.feature_bullets !== undefined) set.featureBullets = body.feature_bullets.map(text);
  if (body.requirements !== undefined) set.requirements = body.requirements.map(text);
  if (body.helpful_links !== undefined) set.helpfulLinks = body.helpful_links.map(link);
  if (body.website_link !== undefined) {
    const website = body.website_link ? link(body.website_link) : null;
    set.websiteLink = website && (website.label || website.url) ? website : null;
  }
  if (body.product_tools !== undefined) set.productTools = body.product_tools;
  if (body.regions !== undefined) set.regions = body.regions;
  if (body.countries !== undefined) set.countries = body.countries;
  // marketplace_submissions.region_ids is derived from these two (db/derived.ts): written with them.
  if (body.regions !== undefined || body.countries !== undefined)
    set.regionIds = availableRegionIds(set.regions ?? row.regions, set.countries ?? row.countries);
  if (body.security_questionnaire !== undefined) {
    const merged = { ...row.securityQuestionnaire, ...body.security_questionnaire } as Record<
      string,
      unknown
    >;
    for (const [key, value] of Object.entries(merged))
      if (typeof value === 'string') merged[key] = text(value);
    set.securityQuestionnaire = merged as SubmissionRow['securityQuestionnaire'];
  }
  if (staff) {
    if (body.beta !== undefined) set.beta = body.beta;
    if (body.security_badge !== undefined) set.securityBadge = body.security_badge;
    if (body.is_concierge_app !== undefined) set.isConciergeApp = body.is_concierge_app;
    if (body.made_by_procore !== undefined) set.madeByProcore = body.made_by_procore;
    if (body.procore_certified_partner !== undefined)
      set.procoreCertifiedPartner = body.procore_certified_partner;
    if (body.admin_message !== undefined) set.adminMessage = sanitizeAdminMessage(body.admin_message);
    if (body.notes !== undefined) set.notes = text(body.notes);
  }
  return set;
}
