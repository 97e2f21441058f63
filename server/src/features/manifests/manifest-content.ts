/**
 * What the server writes into a manifest when it is saved (component uuids, the app_manifest id and
 * name), and the schema 4.1 manifest a form-based (configured) version stands for.
 */
import { randomUUID } from 'node:crypto';
import {
  type Configured,
  type ConfiguredManifestContent,
  configuredToManifest,
  type JsonObject,
  schemaFamily,
} from '@portal/contracts';

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
 * manifest (id stable across versions, name the app's current name). Key order is kept. A 4.1
 * component without a uuid takes the one of the same type in `previous` (the app's newest version).
 */
export function prepareContent(
  content: JsonObject,
  app: { manifestId: string; name: string },
  previous?: JsonObject | null,
): JsonObject {
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
    for (const kind of ['fullscreen', 'sidepanel']) {
      if (!(kind in result)) continue;
      // A form-based version has no uuids: its components keep the previous version's.
      const before = previous && isObject(previous[kind]) ? previous[kind].uuid : undefined;
      const current = result[kind];
      result[kind] =
        typeof before === 'string' && isObject(current) && typeof current.uuid !== 'string'
          ? { uuid: before, ...current }
          : withUuid(current);
    }
  }
  return result;
}

/**
 * The schema 4.1 manifest of a form-based version: the shared mapping (contracts
 * configured-manifest.ts), which the web's Configuration Builder reads back with
 * `manifestToConfigured`.
 */
export function configuredToContent(configured: ConfiguredManifestContent): JsonObject {
  const plain = JSON.parse(JSON.stringify(configured, (_key, value) => value ?? undefined)) as Configured;
  return configuredToManifest(plain);
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
