/**
 * The marketplace listing's catalogue, copied from the shared reference data: regions and their
 * countries (marketplace-regions.json), the security questionnaire's standards and SSO providers
 * (security-questionnaire-options.json) and the platform's tools a listing may require (the
 * company and project tools of permission-tools.json, by their snake_case name). Categories live
 * in the database (seeded from marketplace-categories.json) and come from `GET /api/v1/categories`.
 * Zod-free, so web chunks import it through `@portal/contracts/marketplace-catalog`.
 */

export type MarketplaceRegion = { id: string; name: string; countries: readonly string[] };

/** Regions and their countries (ISO 3166-1 alpha-2), in the reference order. */
export const MARKETPLACE_REGIONS: readonly MarketplaceRegion[] = [
  {
    id: 'north_america',
    name: 'North America',
    countries: ['US', 'CA', 'MX', 'PR', 'BM'],
  },
  {
    id: 'latin_america',
    name: 'Latin America & Caribbean',
    countries: [
      'AR',
      'BO',
      'BR',
      'CL',
      'CO',
      'CR',
      'CU',
      'DO',
      'EC',
      'SV',
      'GT',
      'HN',
      'JM',
      'NI',
      'PA',
      'PY',
      'PE',
      'TT',
      'UY',
      'VE',
      'BS',
      'BB',
      'BZ',
      'GY',
      'SR',
      'HT',
    ],
  },
  {
    id: 'europe',
    name: 'Europe',
    countries: [
      'AL',
      'AD',
      'AT',
      'BE',
      'BA',
      'BG',
      'HR',
      'CY',
      'CZ',
      'DK',
      'EE',
      'FI',
      'FR',
      'DE',
      'GR',
      'HU',
      'IS',
      'IE',
      'IT',
      'LV',
      'LI',
      'LT',
      'LU',
      'MT',
      'MD',
      'MC',
      'ME',
      'NL',
      'MK',
      'NO',
      'PL',
      'PT',
      'RO',
      'SM',
      'RS',
      'SK',
      'SI',
      'ES',
      'SE',
      'CH',
      'UA',
      'GB',
    ],
  },
  {
    id: 'middle_east_africa',
    name: 'Middle East & Africa',
    countries: [
      'AE',
      'BH',
      'EG',
      'IL',
      'JO',
      'KE',
      'KW',
      'LB',
      'MA',
      'NG',
      'OM',
      'QA',
      'SA',
      'ZA',
      'TN',
      'TR',
      'GH',
      'ET',
      'TZ',
      'UG',
      'RW',
      'DZ',
    ],
  },
  {
    id: 'asia_pacific',
    name: 'Asia Pacific',
    countries: [
      'AU',
      'FJ',
      'GU',
      'HK',
      'IN',
      'KR',
      'MO',
      'NZ',
      'MP',
      'TW',
      'KH',
      'ID',
      'MY',
      'PG',
      'PK',
      'PH',
      'SG',
      'TH',
      'VN',
      'JP',
      'CN',
      'LK',
      'BD',
      'NP',
    ],
  },
];

/** Every country code of every region, each once. */
export const MARKETPLACE_COUNTRY_CODES: readonly string[] = [
  ...new Set(MARKETPLACE_REGIONS.flatMap((region) => region.countries)),
];

export const UNKNOWN_COUNTRY = 'Unknown Country';

let displayNames: Intl.DisplayNames | null | undefined;

/** A country's English name from the locale data (`Intl.DisplayNames`); 'Unknown Country' without one. */
export function countryName(code: string): string {
  if (displayNames === undefined) {
    try {
      displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    } catch {
      displayNames = null;
    }
  }
  let name: string | undefined;
  try {
    name = displayNames?.of(code.toUpperCase());
  } catch {
    name = undefined;
  }
  return name && name !== code.toUpperCase() ? name : UNKNOWN_COUNTRY;
}

export type SecurityStandard = { id: number; standard_name: string; variant: string | null };

/** Standards a listing may say it is accredited to (id, name, variant). */
export const SECURITY_STANDARDS: readonly SecurityStandard[] = [
  { id: 1, standard_name: 'ISO/IEC 27001', variant: null },
  { id: 2, standard_name: 'ISO/IEC 27017', variant: null },
  { id: 3, standard_name: 'ISO/IEC 27018', variant: null },
  { id: 4, standard_name: 'SOC 2', variant: 'Type I' },
  { id: 5, standard_name: 'SOC 2', variant: 'Type II' },
  { id: 6, standard_name: 'SOC 1', variant: 'Type II' },
  { id: 7, standard_name: 'PCI DSS', variant: null },
  { id: 8, standard_name: 'HIPAA', variant: null },
  { id: 9, standard_name: 'CSA STAR', variant: 'Level 1' },
  { id: 10, standard_name: 'CSA STAR', variant: 'Level 2' },
  { id: 11, standard_name: 'FedRAMP', variant: 'Moderate' },
  { id: 12, standard_name: 'NIST SP 800-53', variant: null },
  { id: 13, standard_name: 'Cyber Essentials', variant: 'Plus' },
];

/** Single sign-on providers offered by the questionnaire (others go in `other_sso_providers`). */
export const SSO_PROVIDERS: readonly string[] = [
  'Okta',
  'Microsoft Entra ID',
  'Google Workspace',
  'OneLogin',
  'Ping Identity',
  'Auth0',
  'JumpCloud',
  'Duo',
];

export type ProductTool = { id: string; title: string };

/** The platform tools a listing may require ("Required Procore Tools"), by title. */
export const PRODUCT_TOOLS: readonly ProductTool[] = [
  { id: 'account_onboarding', title: 'Account Onboarding' },
  { id: 'admin', title: 'Admin' },
  { id: 'app_management', title: 'App Management' },
  { id: 'bid_board', title: 'Bid Board' },
  { id: 'bidding', title: 'Bidding' },
  { id: 'budgeting', title: 'Budget' },
  { id: 'calendar', title: 'Calendar' },
  { id: 'change_events', title: 'Change Events' },
  { id: 'change_orders', title: 'Change Orders' },
  { id: 'checklists', title: 'Checklists' },
  { id: 'commitments', title: 'Commitments' },
  { id: 'concierge', title: 'Concierge' },
  { id: 'connection_manager', title: 'Connection Manager' },
  { id: 'coordination_issues', title: 'Coordination Issues' },
  { id: 'cost_catalog', title: 'Cost Catalog' },
  { id: 'daily_log', title: 'Daily Log' },
  { id: 'direct_costs', title: 'Direct Costs' },
  { id: 'directory', title: 'Directory' },
  { id: 'documents', title: 'Documents' },
  { id: 'drawings', title: 'Drawings' },
  { id: 'erp_integrations', title: 'ERP Integrations' },
  { id: 'emails', title: 'Emails' },
  { id: 'equipment', title: 'Equipment' },
  { id: 'forms', title: 'Forms' },
  { id: 'home', title: 'Home' },
  { id: 'incidents', title: 'Incidents' },
  { id: 'inspections', title: 'Inspections' },
  { id: 'meetings', title: 'Meetings' },
  { id: 'observations', title: 'Observations' },
  { id: 'permissions', title: 'Permissions' },
  { id: 'photos', title: 'Photos' },
  { id: 'planroom', title: 'Planroom' },
  { id: 'portfolio', title: 'Portfolio' },
  { id: 'prime_contracts', title: 'Prime Contract' },
  { id: 'punch_list', title: 'Punch List' },
  { id: 'rfi', title: 'RFIs' },
  { id: 'reports', title: 'Reports' },
  { id: 'schedule', title: 'Schedule' },
  { id: 'specifications', title: 'Specifications' },
  { id: 'submittals', title: 'Submittals' },
  { id: 'tasks', title: 'Tasks' },
  { id: 'timecard', title: 'Timecard' },
  { id: 'timesheets', title: 'Timesheets' },
  { id: 'transmittals', title: 'Transmittals' },
];
