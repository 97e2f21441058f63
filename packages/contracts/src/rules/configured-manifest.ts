/**
 * The Configuration Builder's model (spec developer-apps §3 configured_manifest_content) and its two-way
 * mapping to schema 4.1 manifest content, plus the form rules of spec developer-apps §5 "Components and
 * parameters" and "Manifest editor" (saving a version). Pure and zod-free: the server writes a form-based
 * version's manifest with `configuredToManifest`, the web reads a version into the form with
 * `manifestToConfigured` and checks the form with the `*Errors` helpers, through
 * `@portal/contracts/configured-manifest`.
 */

import type { PermissionLevel, PermissionScope } from './manifest-catalog.ts';
import { ALL_VIEWS_SUFFIX, expandView, SIDEPANEL_VIEWS } from './manifest-catalog.ts';

export const CONFIG_BUILDER_MESSAGES = {
  required: 'This field is required',
  url: 'A valid URL is required',
  views: 'At least one view is required',
  parameterIncomplete: 'Key, name, and description are required to add another parameter',
  parameterKeyTaken: 'Another parameter already uses this key',
  postInstallationAllOrNone: 'All post installation instruction fields must be present',
  atLeastOneComponent: 'At least one of fullscreen or sidepanel must be present',
  invalidForm: 'Please fill in the required fields below before creating a version.',
  notExpressible: 'This manifest cannot be converted to schema 4.1 automatically',
} as const;

export const COMPONENT_TYPES = ['fullscreen', 'sidepanel'] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];

/** One parameter of a component as the form edits it (spec developer-apps §3 Parameter). */
export type Parameter = { key: string; name: string; description: string; required: boolean };

export type ConfiguredProperty = { name: string; description: string; type: 'string' };
export type ConfiguredUserConfiguration = {
  schema: { type?: 'object'; properties: Record<string, ConfiguredProperty>; required?: string[] };
  /** Required keys beside the schema (an older shape; read, never written). */
  required?: string[];
};
export type ConfiguredComponent = {
  source_url: string;
  views?: string[];
  description?: string;
  user_configuration?: ConfiguredUserConfiguration;
};
export type ConfiguredPermissions = Record<PermissionScope, Record<string, PermissionLevel>>;
export type ConfiguredInstruction = { notes?: string; page?: { label?: string; url?: string } };

/** configured_manifest_content as the form keeps it (absent parts are left out, never null). */
export type Configured = {
  sidepanel?: ConfiguredComponent;
  fullscreen?: ConfiguredComponent;
  permissions?: ConfiguredPermissions;
  oauth?: { enabled: boolean };
  post_installation_instruction?: ConfiguredInstruction;
};

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

// ---------------------------------------------------------------------------------------------
// Parameters ↔ user_configuration

/** The form's parameter list as a component's user_configuration (none when the list is empty). */
export function parametersToUserConfiguration(
  parameters: readonly Parameter[],
): ConfiguredUserConfiguration | undefined {
  if (!parameters.length) return undefined;
  const properties: Record<string, ConfiguredProperty> = {};
  for (const parameter of parameters)
    properties[parameter.key] = { name: parameter.name, description: parameter.description, type: 'string' };
  const required = parameters.filter((parameter) => parameter.required).map((parameter) => parameter.key);
  return { schema: { type: 'object', properties, ...(required.length ? { required } : {}) } };
}

/**
 * A user_configuration as the form's parameter list, in property order. Required keys are read from
 * `schema.required` and from a `required` list beside the schema (both shapes occur).
 */
export function userConfigurationToParameters(userConfiguration: unknown): Parameter[] {
  if (!isObject(userConfiguration) || !isObject(userConfiguration.schema)) return [];
  const schema = userConfiguration.schema;
  const required = new Set<string>(
    [schema.required, userConfiguration.required].flatMap((list) =>
      Array.isArray(list) ? list.filter((key): key is string => typeof key === 'string') : [],
    ),
  );
  const properties = isObject(schema.properties) ? schema.properties : {};
  return Object.entries(properties).map(([key, property]) => ({
    key,
    name: text(isObject(property) ? property.name : ''),
    description: text(isObject(property) ? property.description : ''),
    required: required.has(key),
  }));
}

// ---------------------------------------------------------------------------------------------
// configured ↔ schema 4.1 content

function componentToManifest(component: ConfiguredComponent, type: ComponentType): JsonObject {
  const out: JsonObject = { source_url: component.source_url };
  if (type === 'sidepanel') out.views = [...(component.views ?? [])];
  if (component.description) out.description = component.description;
  const parameters = userConfigurationToParameters(component.user_configuration);
  const userConfiguration = parametersToUserConfiguration(parameters);
  if (userConfiguration) out.user_configuration = userConfiguration;
  return out;
}

/** Whether an instruction has all three parts (only then is it written into the manifest). */
export function isCompleteInstruction(instruction: ConfiguredInstruction | undefined | null): boolean {
  return Boolean(instruction?.notes && instruction.page?.label && instruction.page?.url);
}

/**
 * The schema 4.1 manifest a form-based version stands for: fullscreen and sidepanel when present
 * (views only on the side panel), permissions always (as 4.1 has them; tools at none left out), the
 * post-installation instruction only when complete. `oauth.enabled` has no place in 4.1 content: it
 * is kept in configured_manifest_content and on the version (auth_code_capable).
 */
export function configuredToManifest(configured: Configured): JsonObject {
  const content: JsonObject = { schema_version: '4.1' };
  if (configured.fullscreen) content.fullscreen = componentToManifest(configured.fullscreen, 'fullscreen');
  if (configured.sidepanel) content.sidepanel = componentToManifest(configured.sidepanel, 'sidepanel');
  const scoped = (scope: PermissionScope) =>
    Object.fromEntries(
      Object.entries(configured.permissions?.[scope] ?? {}).filter(([, level]) => level !== 'none'),
    );
  content.permissions = { company: scoped('company'), project: scoped('project') };
  const instruction = configured.post_installation_instruction;
  if (instruction && isCompleteInstruction(instruction))
    content.post_installation_instruction = {
      notes: instruction.notes,
      page: { label: instruction.page!.label, url: instruction.page!.url },
    };
  return content;
}

function componentFromManifest(value: unknown, type: ComponentType): ConfiguredComponent | undefined {
  if (!isObject(value)) return undefined;
  const component: ConfiguredComponent = { source_url: text(value.source_url) };
  if (type === 'sidepanel')
    component.views = Array.isArray(value.views)
      ? value.views.filter((view): view is string => typeof view === 'string')
      : [];
  if (typeof value.description === 'string' && value.description) component.description = value.description;
  const userConfiguration = parametersToUserConfiguration(
    userConfigurationToParameters(value.user_configuration),
  );
  if (userConfiguration) component.user_configuration = userConfiguration;
  return component;
}

function permissionsFromManifest(value: unknown): ConfiguredPermissions {
  const permissions: ConfiguredPermissions = { company: {}, project: {} };
  if (!isObject(value)) return permissions;
  for (const scope of ['company', 'project'] as const) {
    const entries = value[scope];
    if (!isObject(entries)) continue;
    for (const [tool, level] of Object.entries(entries))
      if (typeof level === 'string' && level !== 'none') permissions[scope][tool] = level as PermissionLevel;
  }
  return permissions;
}

export type ReadResult =
  | { ok: true; configured: Configured }
  /** `schema_3`: a legacy manifest ('App Not Updated', migrate to 4.1); `unsupported`: no known schema. */
  | { ok: false; reason: 'schema_3' | 'unsupported' };

/**
 * The form's model of a manifest. Only schema 4.1 content can be expressed; schema 3 asks for the
 * migration. `authCodeCapable` (the version's flag) gives `oauth.enabled`, which 4.1 content lacks.
 */
export function manifestToConfigured(content: unknown, options: { authCodeCapable: boolean }): ReadResult {
  if (!isObject(content)) return { ok: false, reason: 'unsupported' };
  const schemaVersion = content.schema_version;
  if (typeof schemaVersion === 'string' && /^3(\.\d+)?$/.test(schemaVersion))
    return { ok: false, reason: 'schema_3' };
  if (schemaVersion !== '4.1') return { ok: false, reason: 'unsupported' };
  const configured: Configured = {};
  const sidepanel = componentFromManifest(content.sidepanel, 'sidepanel');
  if (sidepanel) configured.sidepanel = sidepanel;
  const fullscreen = componentFromManifest(content.fullscreen, 'fullscreen');
  if (fullscreen) configured.fullscreen = fullscreen;
  configured.permissions = permissionsFromManifest(content.permissions);
  configured.oauth = { enabled: options.authCodeCapable };
  const instruction = content.post_installation_instruction;
  if (isObject(instruction)) {
    const page = isObject(instruction.page) ? instruction.page : {};
    configured.post_installation_instruction = {
      notes: text(instruction.notes),
      page: { label: text(page.label), url: text(page.url) },
    };
  }
  return { ok: true, configured };
}

/**
 * configured_manifest_content as a version stores it, normalised the way the mapping reads it
 * back: the round trip `manifestToConfigured(configuredToManifest(c))` gives `normalizeConfigured(c)`.
 */
export function normalizeConfigured(configured: Configured): Configured {
  const read = manifestToConfigured(configuredToManifest(configured), {
    authCodeCapable: configured.oauth?.enabled === true,
  });
  if (!read.ok) throw new Error('A schema 4.1 manifest always reads back');
  return read.configured;
}

export type MigrationResult = { ok: true; content: JsonObject } | { ok: false; message: string };

/**
 * Schema 3 → 4.1 ('App Not Updated' → migrate): each iframe instance becomes the top-level
 * component of its type (iframe_src → source_url, configuration → user_configuration), permissions
 * and the instruction are kept. Refused when it would lose something: two instances of one type.
 * An authorization_code oauth instance is reported as `authCodeCapable` by the server as before.
 */
export function migrateToSchema41(content: unknown): MigrationResult {
  if (!isObject(content) || !/^3(\.\d+)?$/.test(text(content.schema_version)))
    return { ok: false, message: 'Only a schema 3 manifest can be migrated to 4.1' };
  const components = isObject(content.components) ? content.components : {};
  const iframe = isObject(components.iframe) ? components.iframe : {};
  const instances = Array.isArray(iframe.instances) ? iframe.instances.filter(isObject) : [];
  const result: JsonObject = { schema_version: '4.1' };
  for (const instance of instances) {
    const type = instance.type === 'sidepanel' ? 'sidepanel' : 'fullscreen';
    if (type in result)
      return {
        ok: false,
        message: `${CONFIG_BUILDER_MESSAGES.notExpressible}: it has more than one ${type} component`,
      };
    const component: JsonObject = { source_url: text(instance.iframe_src) };
    if (type === 'sidepanel') component.views = Array.isArray(instance.views) ? [...instance.views] : [];
    if (typeof instance.description === 'string' && instance.description)
      component.description = instance.description;
    const configuration = isObject(instance.configuration) ? instance.configuration : null;
    const userConfiguration = parametersToUserConfiguration(userConfigurationToParameters(configuration));
    if (userConfiguration) component.user_configuration = userConfiguration;
    result[type] = component;
  }
  result.permissions = permissionsFromManifest(content.permissions);
  if (isObject(content.post_installation_instruction))
    result.post_installation_instruction = structuredClone(content.post_installation_instruction);
  return { ok: true, content: result };
}

/** Whether a schema 3 manifest asks for user-level authentication (an authorization_code instance). */
export function schema3HasAuthCode(content: unknown): boolean {
  if (!isObject(content) || !isObject(content.components)) return false;
  const oauth = content.components.oauth;
  const instances = isObject(oauth) && Array.isArray(oauth.instances) ? oauth.instances : [];
  return instances.some((instance) => isObject(instance) && instance.grant_type === 'authorization_code');
}

// ---------------------------------------------------------------------------------------------
// Form rules (spec developer-apps §5 "Components and parameters")

/**
 * A component URL is valid when it parses and uses HTTPS with a host; plain HTTP only for
 * localhost (the spec's `{host}` exception, as for redirect URIs). `{{variables}}` count as text.
 */
export function isValidComponentUrl(url: string): boolean {
  const trimmed = url.trim();
  if (!trimmed) return false;
  let parsed: URL;
  try {
    parsed = new URL(trimmed.replace(/\{\{([^{}]*)\}\}/g, 'x'));
  } catch {
    return false;
  }
  if (parsed.protocol === 'https:' && parsed.hostname) return true;
  return parsed.protocol === 'http:' && parsed.hostname === 'localhost';
}

/** The component types the type list offers: those not yet present; no side panel in FedRAMP. */
export function availableComponentTypes(
  configured: Configured,
  options: { fedramp: boolean; editing?: ComponentType | null },
): ComponentType[] {
  return COMPONENT_TYPES.filter(
    (type) => (options.editing === type || !configured[type]) && !(type === 'sidepanel' && options.fedramp),
  );
}

export type ComponentDraft = {
  type: ComponentType | '';
  source_url: string;
  views: string[];
  parameters: Parameter[];
};

export type ComponentErrors = Partial<Record<'type' | 'source_url' | 'views', string>>;

/** The component form's errors: type required, a valid URL, a side panel needs a view. */
export function componentErrors(draft: ComponentDraft): ComponentErrors {
  const errors: ComponentErrors = {};
  if (!draft.type) errors.type = CONFIG_BUILDER_MESSAGES.required;
  if (!isValidComponentUrl(draft.source_url)) errors.source_url = CONFIG_BUILDER_MESSAGES.url;
  if (draft.type === 'sidepanel' && !draft.views.length) errors.views = CONFIG_BUILDER_MESSAGES.views;
  return errors;
}

/** The component a valid draft becomes (views dropped for fullscreen). */
export function draftToComponent(draft: ComponentDraft): ConfiguredComponent {
  const component: ConfiguredComponent = { source_url: draft.source_url.trim() };
  if (draft.type === 'sidepanel') component.views = expandViewSelections(draft.views);
  const userConfiguration = parametersToUserConfiguration(draft.parameters);
  if (userConfiguration) component.user_configuration = userConfiguration;
  return component;
}

/** A component as the form's draft. */
export function componentToDraft(type: ComponentType, component: ConfiguredComponent): ComponentDraft {
  return {
    type,
    source_url: component.source_url,
    views: [...(component.views ?? [])],
    parameters: userConfigurationToParameters(component.user_configuration),
  };
}

/**
 * A parameter's error: key, name and description are all required (and the key must be unused by
 * the component's other parameters); null when it may be added.
 */
export function parameterError(parameter: Parameter, others: readonly Parameter[]): string | null {
  if (!parameter.key.trim() || !parameter.name.trim() || !parameter.description.trim())
    return CONFIG_BUILDER_MESSAGES.parameterIncomplete;
  if (others.some((other) => other.key === parameter.key.trim()))
    return CONFIG_BUILDER_MESSAGES.parameterKeyTaken;
  return null;
}

export type InstructionErrors = Partial<Record<'form' | 'notes' | 'label' | 'url', string>>;

/**
 * The instruction's errors: all three fields or none ('All post installation instruction fields
 * must be present'); each missing field of a partial instruction is 'This field is required', and
 * a page URL that is given must be valid.
 */
export function instructionErrors(instruction: ConfiguredInstruction | undefined | null): InstructionErrors {
  const parts = {
    notes: instruction?.notes?.trim() ?? '',
    label: instruction?.page?.label?.trim() ?? '',
    url: instruction?.page?.url?.trim() ?? '',
  };
  const given = Object.values(parts).filter(Boolean).length;
  const errors: InstructionErrors = {};
  if (given > 0 && given < 3) {
    errors.form = CONFIG_BUILDER_MESSAGES.postInstallationAllOrNone;
    for (const [field, value] of Object.entries(parts))
      if (!value) errors[field as 'notes'] = CONFIG_BUILDER_MESSAGES.required;
  }
  if (parts.url && !isValidComponentUrl(parts.url)) errors.url = CONFIG_BUILDER_MESSAGES.url;
  return errors;
}

/** The instruction with empty strings removed (an instruction with nothing left is removed). */
export function cleanInstruction(
  instruction: ConfiguredInstruction | undefined | null,
): ConfiguredInstruction | undefined {
  const notes = instruction?.notes?.trim();
  const label = instruction?.page?.label?.trim();
  const url = instruction?.page?.url?.trim();
  const page = { ...(label ? { label } : {}), ...(url ? { url } : {}) };
  const cleaned: ConfiguredInstruction = { ...(notes ? { notes } : {}), ...(label || url ? { page } : {}) };
  return Object.keys(cleaned).length ? cleaned : undefined;
}

/**
 * Whether a form holds anything a version can be saved with (spec developer-apps §5): fullscreen, sidepanel,
 * company or project permissions, a complete post-installation instruction, or oauth enabled. The
 * server's create call applies the same rule (CreateAppVersionedManifestBody, unless `allow_empty`).
 */
export function hasAnyComponent(configured: {
  fullscreen?: unknown;
  sidepanel?: unknown;
  permissions?: { company?: object; project?: object } | undefined;
  post_installation_instruction?: ConfiguredInstruction | null | undefined;
  oauth?: { enabled: boolean } | undefined;
}): boolean {
  return Boolean(
    configured.fullscreen ||
      configured.sidepanel ||
      Object.keys(configured.permissions?.company ?? {}).length ||
      Object.keys(configured.permissions?.project ?? {}).length ||
      isCompleteInstruction(configured.post_installation_instruction) ||
      configured.oauth?.enabled,
  );
}

/**
 * Why the form cannot be saved as a version, or null: an invalid part ('Please fill in the required
 * fields below before creating a version.') or nothing to save ('At least one of fullscreen or
 * sidepanel must be present'), the latter skipped on the allow-empty flag.
 */
export function configuredSaveError(configured: Configured, options: { allowEmpty: boolean }): string | null {
  const invalidComponent = COMPONENT_TYPES.some((type) => {
    const component = configured[type];
    return component && Object.keys(componentErrors(componentToDraft(type, component))).length > 0;
  });
  if (invalidComponent || Object.keys(instructionErrors(configured.post_installation_instruction)).length)
    return CONFIG_BUILDER_MESSAGES.invalidForm;
  if (!options.allowEmpty && !hasAnyComponent(configured)) return CONFIG_BUILDER_MESSAGES.atLeastOneComponent;
  return null;
}

// ---------------------------------------------------------------------------------------------
// View picker

export type ViewGroup = { tool: string; views: string[] };

/** The side-panel views grouped by tool (the key's first segment), in catalogue order. */
export function viewGroups(filter = ''): ViewGroup[] {
  const needle = filter.trim().toLowerCase();
  const groups = new Map<string, string[]>();
  for (const view of SIDEPANEL_VIEWS) {
    if (needle && !view.toLowerCase().includes(needle)) continue;
    const tool = view.split('.')[0]!;
    groups.set(tool, [...(groups.get(tool) ?? []), view]);
  }
  return [...groups].map(([tool, views]) => ({ tool, views }));
}

/** A group checkbox's state: every view selected, some, or none (tri-state). */
export function groupState(group: ViewGroup, selected: readonly string[]): 'all' | 'some' | 'none' {
  const count = group.views.filter((view) => selected.includes(view)).length;
  return count === 0 ? 'none' : count === group.views.length ? 'all' : 'some';
}

/** Ticking a group selects all its views; unticking (when all are selected) clears them. */
export function toggleGroup(group: ViewGroup, selected: readonly string[]): string[] {
  if (groupState(group, selected) === 'all') return selected.filter((view) => !group.views.includes(view));
  return expandViewSelections([...selected, ...group.views]);
}

/** Selections with every `<prefix>.all` expanded to the matching views; known views kept, each once. */
export function expandViewSelections(selections: readonly string[]): string[] {
  const wanted = new Set<string>();
  for (const selection of selections) {
    if (selection.endsWith(ALL_VIEWS_SUFFIX)) for (const view of expandView(selection)) wanted.add(view);
    else wanted.add(selection);
  }
  const known = SIDEPANEL_VIEWS.filter((view) => wanted.has(view));
  const unknown = [...wanted].filter((view) => !(SIDEPANEL_VIEWS as readonly string[]).includes(view));
  return [...known, ...unknown];
}
