/**
 * JSON Schemas (draft 2020-12) of manifest schema 3 and 4.1, written from the shared reference
 * data's description of the formats (../shared/data/README.md). They check shape only; the rules
 * that need the catalogue (views, tools, levels) or look across fields are in manifest-validation.ts.
 */
import { MANIFEST_NOTES_MAX_LENGTH, PERMISSION_LEVEL_NAMES } from '@portal/contracts';

const text = (maxLength: number, minLength = 0) => ({ type: 'string', minLength, maxLength });
const url = text(2000, 1);
const uuid = {
  type: 'string',
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
};
const views = { type: 'array', minItems: 1, maxItems: 100, items: text(200, 1) };

/** Filled in by the server on every save; whatever a draft carries here is replaced. */
const appManifest = { type: 'object' };

/** Tool name → level, per scope. */
const permissions = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(
    ['company', 'project'].map((scope) => [
      scope,
      {
        type: 'object',
        propertyNames: { maxLength: 100 },
        additionalProperties: { enum: PERMISSION_LEVEL_NAMES },
      },
    ]),
  ),
};

const postInstallationInstruction = {
  type: 'object',
  additionalProperties: false,
  properties: {
    notes: text(MANIFEST_NOTES_MAX_LENGTH),
    page: {
      type: 'object',
      additionalProperties: false,
      required: ['url', 'label'],
      properties: { url, label: text(200, 1) },
    },
  },
};

/** A component's parameters: a JSON-Schema object of string properties (keys usable as `{{key}}`). */
const parameterSchema = {
  type: 'object',
  properties: {
    type: { const: 'object' },
    properties: {
      type: 'object',
      maxProperties: 100,
      propertyNames: { minLength: 1, maxLength: 100 },
      additionalProperties: {
        type: 'object',
        required: ['type'],
        properties: { type: { const: 'string' }, name: text(200), description: text(1000) },
      },
    },
    required: { type: 'array', maxItems: 100, items: text(100) },
  },
};

const userConfiguration = {
  type: 'object',
  additionalProperties: false,
  properties: { schema: parameterSchema, required: { type: 'array', maxItems: 100, items: text(100) } },
};

const iframeInstance = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'type', 'iframe_src'],
  properties: {
    uuid,
    name: text(200, 1),
    type: { enum: ['fullscreen', 'sidepanel'] },
    views,
    required: { type: 'boolean' },
    iframe_src: url,
    description: text(1000),
    configuration: { type: 'object', additionalProperties: false, properties: { schema: parameterSchema } },
  },
  // A side panel opens on platform screens: it names at least one.
  if: { properties: { type: { const: 'sidepanel' } }, required: ['type'] },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, never awaited
  then: { required: ['views'] },
};

const instances = (items: object) => ({
  type: 'object',
  additionalProperties: false,
  required: ['instances'],
  properties: { instances: { type: 'array', maxItems: 50, items } },
});

/** Schema 3 (legacy): components.oauth and components.iframe instances. */
export const MANIFEST_SCHEMA_3 = {
  $id: 'manifest-3',
  type: 'object',
  additionalProperties: false,
  required: ['schema_version', 'components'],
  properties: {
    schema_version: { type: 'string', pattern: '^3(\\.[0-9]+)?$' },
    app_manifest: appManifest,
    components: {
      type: 'object',
      additionalProperties: false,
      properties: {
        oauth: instances({
          type: 'object',
          additionalProperties: false,
          required: ['grant_type'],
          properties: { uuid, grant_type: { enum: ['authorization_code', 'client_credentials'] } },
        }),
        iframe: instances(iframeInstance),
      },
    },
    permissions,
    post_installation_instruction: postInstallationInstruction,
  },
} as const;

const component = (extra: Record<string, object>, required: string[]) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties: {
    uuid,
    source_url: url,
    description: text(1000),
    user_configuration: userConfiguration,
    ...extra,
  },
});

/** Schema 4.1: top-level fullscreen and sidepanel (each at most once), permissions, instructions. */
export const MANIFEST_SCHEMA_4_1 = {
  $id: 'manifest-4.1',
  type: 'object',
  additionalProperties: false,
  required: ['schema_version'],
  properties: {
    schema_version: { const: '4.1' },
    app_manifest: appManifest,
    fullscreen: component({}, ['source_url']),
    sidepanel: component({ views }, ['source_url', 'views']),
    permissions,
    post_installation_instruction: postInstallationInstruction,
  },
} as const;
