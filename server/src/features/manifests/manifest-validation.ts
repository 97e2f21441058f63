/**
 * Manifest validation: the JSON Schema of the manifest's version (ajv), then, once the shape is
 * right, the rules that need the catalogue or look across fields. Each violation names a JSON
 * pointer into the manifest. Pure: no database, no request.
 */
import {
  componentUrlError,
  expandView,
  type JsonObject,
  MANIFEST_MAX_VIOLATIONS,
  type ManifestSchemaVersion,
  type ManifestViolation,
  PERMISSION_SCOPES,
  type PermissionLevel,
  permissionError,
  schemaFamily,
  unknownUrlVariables,
} from '@portal/contracts';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { MANIFEST_SCHEMA_3, MANIFEST_SCHEMA_4_1 } from './manifest-schemas.ts';

const ajv = new Ajv2020({ allErrors: true, strictTypes: false, validateFormats: false });
const VALIDATORS = {
  '3': ajv.compile(MANIFEST_SCHEMA_3),
  '4.1': ajv.compile(MANIFEST_SCHEMA_4_1),
} satisfies Record<ManifestSchemaVersion, unknown>;

export const VALIDATION_MESSAGES = {
  schemaVersionMissing: 'schema_version is required',
  schemaVersionUnknown: 'schema_version must be "3" (or 3.x) or "4.1"',
  oneOauthInstance: 'A manifest can have at most one oauth instance',
  sidepanelNeeds32: 'Side panels need schema_version "3.2"',
} as const;

/** A JSON pointer segment (RFC 6901). */
export const pointerSegment = (key: string | number) =>
  String(key).replaceAll('~', '~0').replaceAll('/', '~1');

const a = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

/** An ajv error as a violation with a readable message; null for errors that only echo others. */
function violationOf(error: ErrorObject): ManifestViolation | null {
  const at = error.instancePath;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'if':
      return null;
    case 'required':
      return {
        pointer: `${at}/${pointerSegment(String(params.missingProperty))}`,
        message: `${params.missingProperty} is required`,
      };
    case 'additionalProperties':
      return {
        pointer: `${at}/${pointerSegment(String(params.additionalProperty))}`,
        message: `${params.additionalProperty} is not allowed here`,
      };
    case 'enum':
      return { pointer: at, message: `must be one of: ${(params.allowedValues as unknown[]).join(', ')}` };
    case 'const':
      return { pointer: at, message: `must be ${JSON.stringify(params.allowedValue)}` };
    case 'type':
      return { pointer: at, message: `must be ${a(String(params.type))}` };
    case 'minLength':
      return { pointer: at, message: params.limit === 1 ? 'must not be empty' : `${error.message}` };
    case 'minItems':
      return {
        pointer: at,
        message: params.limit === 1 ? 'must list at least one item' : `${error.message}`,
      };
    case 'pattern':
      if (at === '/schema_version') return { pointer: at, message: VALIDATION_MESSAGES.schemaVersionUnknown };
      return { pointer: at, message: at.endsWith('/uuid') ? 'must be a UUID' : `${error.message}` };
    default:
      return { pointer: at, message: error.message ?? 'is not valid' };
  }
}

function unique(violations: ManifestViolation[]): ManifestViolation[] {
  const seen = new Set<string>();
  return violations.filter((v) => {
    const key = `${v.pointer}\n${v.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Every problem with a manifest (at most 100); an empty list means it passed. */
export function validateManifest(content: JsonObject): ManifestViolation[] {
  const family = schemaFamily(content.schema_version);
  if (!family) {
    const message =
      content.schema_version === undefined
        ? VALIDATION_MESSAGES.schemaVersionMissing
        : VALIDATION_MESSAGES.schemaVersionUnknown;
    return [{ pointer: '/schema_version', message }];
  }
  const validate = VALIDATORS[family];
  const violations = validate(content)
    ? semanticViolations(content as Manifest, family)
    : (validate.errors ?? []).map(violationOf).filter((v) => v !== null);
  return unique(violations).slice(0, MANIFEST_MAX_VIOLATIONS);
}

// ---------------------------------------------------------------------------------------------
// Rules beyond the shape (the content has passed its JSON Schema, so these types hold)

type Parameters = { schema?: { properties?: Record<string, unknown> } };
type Component = { source_url: string; views?: string[]; user_configuration?: Parameters };
type IframeInstance = {
  type: 'fullscreen' | 'sidepanel';
  iframe_src: string;
  views?: string[];
  configuration?: Parameters;
};
type Manifest = {
  schema_version: string;
  components?: { oauth?: { instances: unknown[] }; iframe?: { instances: IframeInstance[] } };
  fullscreen?: Component;
  sidepanel?: Component;
  permissions?: Partial<Record<(typeof PERMISSION_SCOPES)[number], Record<string, PermissionLevel>>>;
};

const parameterKeys = (parameters: Parameters | undefined) =>
  Object.keys(parameters?.schema?.properties ?? {});

/** A component's URL (HTTPS, known variables) and, for a side panel, its views. */
function componentViolations(
  at: string,
  url: { key: string; value: string },
  parameters: string[],
  views: string[] | undefined,
): ManifestViolation[] {
  const out: ManifestViolation[] = [];
  const pointer = `${at}/${url.key}`;
  const urlError = componentUrlError(url.value);
  if (urlError) out.push({ pointer, message: urlError });
  for (const name of unknownUrlVariables(url.value, parameters))
    out.push({
      pointer,
      message: `{{${name}}} is neither a built-in variable nor one of this component's parameter keys`,
    });
  views?.forEach((view, i) => {
    if (!expandView(view).length)
      out.push({ pointer: `${at}/views/${i}`, message: `${view} is not a known side panel view` });
  });
  return out;
}

function semanticViolations(content: Manifest, family: ManifestSchemaVersion): ManifestViolation[] {
  const out: ManifestViolation[] = [];
  if (family === '3') {
    if ((content.components?.oauth?.instances.length ?? 0) > 1)
      out.push({ pointer: '/components/oauth/instances/1', message: VALIDATION_MESSAGES.oneOauthInstance });
    content.components?.iframe?.instances.forEach((instance, i) => {
      const sidepanel = instance.type === 'sidepanel';
      if (sidepanel && content.schema_version !== '3.2')
        out.push({ pointer: '/schema_version', message: VALIDATION_MESSAGES.sidepanelNeeds32 });
      out.push(
        ...componentViolations(
          `/components/iframe/instances/${i}`,
          { key: 'iframe_src', value: instance.iframe_src },
          parameterKeys(instance.configuration),
          sidepanel ? instance.views : undefined,
        ),
      );
    });
  } else {
    for (const key of ['fullscreen', 'sidepanel'] as const) {
      const component = content[key];
      if (!component) continue;
      out.push(
        ...componentViolations(
          `/${key}`,
          { key: 'source_url', value: component.source_url },
          parameterKeys(component.user_configuration),
          key === 'sidepanel' ? component.views : undefined,
        ),
      );
    }
  }
  for (const scope of PERMISSION_SCOPES) {
    for (const [tool, level] of Object.entries(content.permissions?.[scope] ?? {})) {
      const message = permissionError(scope, tool, level);
      if (message) out.push({ pointer: `/permissions/${scope}/${pointerSegment(tool)}`, message });
    }
  }
  return out;
}
