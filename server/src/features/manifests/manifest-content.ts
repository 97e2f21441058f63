/**
 * What the server writes into a manifest when it is saved (component uuids, the app_manifest id and
 * name), and the schema 4.1 manifest a form-based (configured) version stands for.
 */
import { randomUUID } from 'node:crypto';
import { type ConfiguredManifestContent, type JsonObject, schemaFamily } from '@portal/contracts';

type Json = JsonObject[string];

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A component keeps its uuid from version to version; a new one gets one. */
const withUuid = (component: Json): Json =>
  isObject(component) && typeof component.uuid !== 'string'
    ? { uuid: randomUUID(), ...component }
    : component;

function withInstanceUuids(container: Json): Json {
  if (!isObject(container) || !Array.isArray(container.instances)) return container;
  return { ...container, instances: container.instances.map(withUuid) };
}

/**
 * The content as stored: a copy with uuids on every component and `app_manifest` naming the app's
 * manifest (id stable across versions, name the app's current name). Key order is kept.
 */
export function prepareContent(content: JsonObject, app: { manifestId: string; name: string }): JsonObject {
  const prepared: JsonObject = structuredClone(content);
  const appManifest = { id: app.manifestId, name: app.name };
  const result: JsonObject = { schema_version: prepared.schema_version ?? null, app_manifest: appManifest };
  for (const [key, value] of Object.entries(prepared)) if (key !== 'app_manifest') result[key] = value;
  if (schemaFamily(result.schema_version) === '3' && isObject(result.components)) {
    const components = { ...result.components };
    for (const kind of ['oauth', 'iframe'])
      if (kind in components) components[kind] = withInstanceUuids(components[kind]);
    result.components = components;
  } else {
    for (const kind of ['fullscreen', 'sidepanel']) if (kind in result) result[kind] = withUuid(result[kind]);
  }
  return result;
}

type ConfiguredComponent = NonNullable<ConfiguredManifestContent['fullscreen']> & { views?: string[] };

function component(configured: ConfiguredComponent): JsonObject {
  const out: JsonObject = { source_url: configured.source_url };
  if (configured.views) out.views = configured.views;
  if (configured.description) out.description = configured.description;
  const parameters = configured.user_configuration;
  if (parameters) {
    const schema: JsonObject = { type: 'object', properties: parameters.schema.properties };
    if (parameters.schema.required) schema.required = parameters.schema.required;
    out.user_configuration = { schema, ...(parameters.required ? { required: parameters.required } : {}) };
  }
  return out;
}

/** The schema 4.1 manifest of a form-based version (permissions always present, as in 4.1). */
export function configuredToContent(configured: ConfiguredManifestContent): JsonObject {
  const content: JsonObject = { schema_version: '4.1' };
  if (configured.fullscreen) content.fullscreen = component(configured.fullscreen);
  if (configured.sidepanel) content.sidepanel = component(configured.sidepanel);
  content.permissions = {
    company: configured.permissions?.company ?? {},
    project: configured.permissions?.project ?? {},
  };
  const instruction = configured.post_installation_instruction;
  if (instruction?.notes && instruction.page?.url && instruction.page.label)
    content.post_installation_instruction = {
      notes: instruction.notes,
      page: { url: instruction.page.url, label: instruction.page.label },
    };
  return content;
}

/** Whether a version asks for user-level authentication (an authorization-code grant). */
export function isAuthCodeCapable(
  content: JsonObject,
  configured: ConfiguredManifestContent | null,
): boolean {
  if (configured) return configured.oauth?.enabled === true;
  const components = isObject(content.components) ? content.components : {};
  const oauth = isObject(components.oauth) ? components.oauth : {};
  const instances = Array.isArray(oauth.instances) ? oauth.instances : [];
  return instances.some((instance) => isObject(instance) && instance.grant_type === 'authorization_code');
}
