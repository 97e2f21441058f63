/**
 * The form rules of spec developer-apps §5 "Components and parameters" and "Manifest editor" (saving a
 * version): the `*Errors` helpers the web checks the form with, and what the form's parts become.
 */
import {
  COMPONENT_TYPES,
  CONFIG_BUILDER_MESSAGES,
  type ComponentType,
  type Configured,
  type ConfiguredComponent,
  type ConfiguredInstruction,
  isCompleteInstruction,
  type Parameter,
  parametersToUserConfiguration,
  userConfigurationToParameters,
} from './configured-model.ts';
import { componentUrlError } from './manifest-editor.ts';
import { expandViewSelections } from './view-picker.ts';

/**
 * A component URL is valid when it parses and uses HTTPS with a host; plain HTTP only for
 * localhost (the spec's `{host}` exception, as for redirect URIs). `{{variables}}` count as text.
 */
export function isValidComponentUrl(url: string): boolean {
  const trimmed = url.trim();
  return trimmed !== '' && componentUrlError(trimmed) === null;
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
