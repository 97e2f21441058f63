/**
 * The Configuration Builder's model (spec developer-apps §3 configured_manifest_content): its parts, its
 * messages, and a component's parameters as the form lists them ↔ its user_configuration.
 */
import { isObject, text } from './json.ts';
import type { ManifestPermissions } from './manifest-editor.ts';
import { MANIFEST_MESSAGES } from './manifest-messages.ts';

export const CONFIG_BUILDER_MESSAGES = {
  required: 'This field is required',
  url: MANIFEST_MESSAGES.urlRequired,
  views: MANIFEST_MESSAGES.viewsRequired,
  parameterIncomplete: 'Key, name, and description are required to add another parameter',
  parameterKeyTaken: 'Another parameter already uses this key',
  postInstallationAllOrNone: MANIFEST_MESSAGES.postInstallationAllOrNone,
  atLeastOneComponent: MANIFEST_MESSAGES.atLeastOneComponent,
  invalidForm: MANIFEST_MESSAGES.invalidForm,
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
export type ConfiguredPermissions = ManifestPermissions;
export type ConfiguredInstruction = { notes?: string; page?: { label?: string; url?: string } };

/** configured_manifest_content as the form keeps it (absent parts are left out, never null). */
export type Configured = {
  sidepanel?: ConfiguredComponent;
  fullscreen?: ConfiguredComponent;
  permissions?: ConfiguredPermissions;
  oauth?: { enabled: boolean };
  post_installation_instruction?: ConfiguredInstruction;
};

/** Whether an instruction has all three parts (only then is it written into the manifest). */
export function isCompleteInstruction(instruction: ConfiguredInstruction | undefined | null): boolean {
  return Boolean(instruction?.notes && instruction.page?.label && instruction.page?.url);
}

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

/** A user_configuration as the form writes it back (normalised; none without parameters). */
export const normalizeUserConfiguration = (userConfiguration: unknown) =>
  parametersToUserConfiguration(userConfigurationToParameters(userConfiguration));
