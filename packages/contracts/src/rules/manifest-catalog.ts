/**
 * The platform's catalogue for manifests, copied from the shared reference data
 * (permission-tools.json, sidepanel-views.json): permission tools with the levels each one
 * disallows, and the side-panel view keys. Zod-free, so web chunks import it through
 * `@portal/contracts/manifest-catalog`.
 */

/** Permission levels and their ids (spec developer-apps §3, §9: none 1, readonly 2, standard 3, admin 4). */
export const PERMISSION_LEVELS = [
  { id: 1, name: 'none', label: 'None' },
  { id: 2, name: 'readonly', label: 'Read-Only' },
  { id: 3, name: 'standard', label: 'Standard' },
  { id: 4, name: 'admin', label: 'Admin' },
] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number]['name'];
export const PERMISSION_LEVEL_NAMES = PERMISSION_LEVELS.map((level) => level.name) as [
  PermissionLevel,
  ...PermissionLevel[],
];

export const PERMISSION_SCOPES = ['company', 'project'] as const;
export type PermissionScope = (typeof PERMISSION_SCOPES)[number];

/** A tool of the permission builder; `disabled_uals` are the level ids it cannot be given. */
export type PermissionTool = { name: string; friendly_name: string; disabled_uals: readonly number[] };

/** Company and project tools; manifest keys are the snake_case `name` (Budget's is `budgeting`). */
export const PERMISSION_TOOLS: Record<PermissionScope, readonly PermissionTool[]> = {
  company: [
    { name: 'account_onboarding', friendly_name: 'Account Onboarding', disabled_uals: [] },
    { name: 'admin', friendly_name: 'Admin', disabled_uals: [2, 3] },
    { name: 'app_management', friendly_name: 'App Management', disabled_uals: [] },
    { name: 'bid_board', friendly_name: 'Bid Board', disabled_uals: [] },
    { name: 'calendar', friendly_name: 'Calendar', disabled_uals: [] },
    { name: 'checklists', friendly_name: 'Checklists', disabled_uals: [] },
    { name: 'concierge', friendly_name: 'Concierge', disabled_uals: [2] },
    { name: 'connection_manager', friendly_name: 'Connection Manager', disabled_uals: [] },
    { name: 'cost_catalog', friendly_name: 'Cost Catalog', disabled_uals: [] },
    { name: 'directory', friendly_name: 'Directory', disabled_uals: [] },
    { name: 'documents', friendly_name: 'Documents', disabled_uals: [] },
    { name: 'equipment', friendly_name: 'Equipment', disabled_uals: [] },
    { name: 'erp_integrations', friendly_name: 'ERP Integrations', disabled_uals: [] },
    { name: 'home', friendly_name: 'Home', disabled_uals: [] },
    { name: 'inspections', friendly_name: 'Inspections', disabled_uals: [] },
    { name: 'permissions', friendly_name: 'Permissions', disabled_uals: [] },
    { name: 'planroom', friendly_name: 'Planroom', disabled_uals: [] },
    { name: 'portfolio', friendly_name: 'Portfolio', disabled_uals: [] },
    { name: 'reports', friendly_name: 'Reports', disabled_uals: [] },
    { name: 'schedule', friendly_name: 'Schedule', disabled_uals: [] },
    { name: 'timecard', friendly_name: 'Timecard', disabled_uals: [] },
    { name: 'timesheets', friendly_name: 'Timesheets', disabled_uals: [] },
  ],
  project: [
    { name: 'admin', friendly_name: 'Admin', disabled_uals: [] },
    { name: 'bidding', friendly_name: 'Bidding', disabled_uals: [] },
    { name: 'budgeting', friendly_name: 'Budget', disabled_uals: [] },
    { name: 'change_events', friendly_name: 'Change Events', disabled_uals: [] },
    { name: 'change_orders', friendly_name: 'Change Orders', disabled_uals: [] },
    { name: 'commitments', friendly_name: 'Commitments', disabled_uals: [] },
    { name: 'coordination_issues', friendly_name: 'Coordination Issues', disabled_uals: [] },
    { name: 'daily_log', friendly_name: 'Daily Log', disabled_uals: [] },
    { name: 'direct_costs', friendly_name: 'Direct Costs', disabled_uals: [] },
    { name: 'directory', friendly_name: 'Directory', disabled_uals: [] },
    { name: 'documents', friendly_name: 'Documents', disabled_uals: [] },
    { name: 'drawings', friendly_name: 'Drawings', disabled_uals: [] },
    { name: 'emails', friendly_name: 'Emails', disabled_uals: [] },
    { name: 'forms', friendly_name: 'Forms', disabled_uals: [] },
    { name: 'home', friendly_name: 'Home', disabled_uals: [] },
    { name: 'incidents', friendly_name: 'Incidents', disabled_uals: [] },
    { name: 'inspections', friendly_name: 'Inspections', disabled_uals: [] },
    { name: 'meetings', friendly_name: 'Meetings', disabled_uals: [] },
    { name: 'observations', friendly_name: 'Observations', disabled_uals: [] },
    { name: 'photos', friendly_name: 'Photos', disabled_uals: [] },
    { name: 'prime_contracts', friendly_name: 'Prime Contract', disabled_uals: [] },
    { name: 'punch_list', friendly_name: 'Punch List', disabled_uals: [] },
    { name: 'reports', friendly_name: 'Reports', disabled_uals: [] },
    { name: 'rfi', friendly_name: 'RFIs', disabled_uals: [] },
    { name: 'schedule', friendly_name: 'Schedule', disabled_uals: [] },
    { name: 'specifications', friendly_name: 'Specifications', disabled_uals: [] },
    { name: 'submittals', friendly_name: 'Submittals', disabled_uals: [] },
    { name: 'tasks', friendly_name: 'Tasks', disabled_uals: [] },
    { name: 'transmittals', friendly_name: 'Transmittals', disabled_uals: [] },
  ],
};

/** The tool of a scope by its manifest key, or undefined. */
export function findPermissionTool(scope: PermissionScope, name: string): PermissionTool | undefined {
  return PERMISSION_TOOLS[scope].find((tool) => tool.name === name);
}

/** Whether the builder (and the server) may give this tool this level. */
export function isLevelAllowed(tool: PermissionTool, level: PermissionLevel): boolean {
  const id = PERMISSION_LEVELS.find((entry) => entry.name === level)?.id;
  return id !== undefined && !tool.disabled_uals.includes(id);
}

/** The platform screens a side panel can open on (`<tool>[.<resource>].<action>`). */
export const SIDEPANEL_VIEWS = [
  'commitments.work_order_contracts.detail',
  'commitments.work_order_contracts.edit',
  'commitments.requisitions.new',
  'commitments.requisitions.detail',
  'commitments.requisitions.edit',
  'commitments.work_order_contracts.new',
  'commitments.commitment_contract_change_orders.new',
  'commitments.commitment_contract_change_orders.detail',
  'commitments.commitment_contract_change_orders.edit',
  'commitments.purchase_order_contracts.detail',
  'commitments.purchase_order_contracts.edit',
  'commitments.purchase_order_contracts.new',
  'commitments.contracts.list',
  'prime_contracts.invoices.list',
  'prime_contracts.detail',
  'prime_contracts.new',
  'prime_contracts.change_orders.potential_change_orders.new',
  'prime_contracts.change_orders.detail',
  'prime_contracts.change_orders.potential_change_orders.detail',
  'prime_contracts.payment_applications.new',
  'prime_contracts.payment_applications.detail',
  'prime_contracts.payment_applications.edit',
  'change_events.list',
  'change_events.new',
  'change_events.detail',
  'change_events.edit',
  'budgeting.budget_changes.list',
  'budgeting.list',
  'budgeting.detail',
  'budgeting.forecasting.detail',
  'budgeting.change_history.list',
  'submittal_logs.detail',
  'project_directory.vendors.edit',
  'project_directory.person.edit',
  'observations.edit',
  'observations.list',
  'rfi.detail',
  'inspections.detail',
  'correspondence.detail',
  'schedule.calendar.task.list',
  'schedule.calendar.month.list',
  'schedule.calendar.list',
  'schedule.calendar.lookaheads.list',
  'schedule.calendar.task.detail',
  'incidents.list',
  'incidents.new',
  'incidents.detail',
  'incidents.edit',
] as const;

export const ALL_VIEWS_SUFFIX = '.all';

/**
 * The view keys a selection stands for: a known key itself, or for `<prefix>.all` every key that
 * starts with `<prefix>.` (empty when nothing matches, i.e. the selection is unknown).
 */
export function expandView(selection: string): string[] {
  if (selection.endsWith(ALL_VIEWS_SUFFIX)) {
    // `change_events.all` → `change_events.` (the dot kept, so `change_event.all` matches nothing).
    const prefix = selection.slice(0, -'all'.length);
    return prefix.length > 1 ? SIDEPANEL_VIEWS.filter((view) => view.startsWith(prefix)) : [];
  }
  return (SIDEPANEL_VIEWS as readonly string[]).includes(selection) ? [selection] : [];
}

/** Every view key a list of selections stands for, each once, in catalogue order. */
export function expandViews(selections: readonly string[]): string[] {
  const wanted = new Set(selections.flatMap(expandView));
  return SIDEPANEL_VIEWS.filter((view) => wanted.has(view));
}

/** Built-in `{{...}}` variables a component URL may use besides its own parameter keys. */
export const BUILT_IN_URL_VARIABLES = [
  'procore.company.id',
  'procore.company.name',
  'procore.project.id',
  'procore.project.name',
] as const;
