/**
 * Manifest rules the server and the web share: semantic versions, version order, the header status,
 * the review state machine, component URL rules and the editor's helpers (snippets, permissions).
 * Zod-free, so web chunks import it through `@portal/contracts/manifest-rules`.
 */
import {
  BUILT_IN_URL_VARIABLES,
  findPermissionTool,
  isLevelAllowed,
  PERMISSION_LEVEL_NAMES,
  PERMISSION_SCOPES,
  type PermissionLevel,
  type PermissionScope,
} from './manifest-catalog.ts';

/** Manifest schema versions with templates; the editor's version defaults to 3 (spec developer-apps §9). */
export const MANIFEST_SCHEMA_VERSIONS = ['3', '4.1'] as const;
export type ManifestSchemaVersion = (typeof MANIFEST_SCHEMA_VERSIONS)[number];
export const DEFAULT_MANIFEST_SCHEMA_VERSION: ManifestSchemaVersion = '3';

/** The template family a `schema_version` belongs to: "3", "3.2" → "3"; "4.1" → "4.1". */
export function schemaFamily(schemaVersion: unknown): ManifestSchemaVersion | null {
  if (typeof schemaVersion !== 'string') return null;
  if (/^3(\.\d+)?$/.test(schemaVersion)) return '3';
  return schemaVersion === '4.1' ? '4.1' : null;
}

export const MANIFEST_ENVIRONMENTS = ['Sandbox', 'Production'] as const;
export type ManifestEnvironment = (typeof MANIFEST_ENVIRONMENTS)[number];

/**
 * Review states (spec developer-apps §4); `draft` appears only in a constants list of the original, never on
 * a version.
 */
export const REVIEW_STATES = ['confidential', 'in_review', 'published'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** Texts of spec developer-apps §4, §5 and §8 that the server answers and the web shows. */
export const MANIFEST_MESSAGES = {
  productionCredentialsRequired:
    'Production credentials must be requested before production manifests can be created.',
  sandboxRequired: 'A sandbox must be generated before sandbox manifests can be created.',
  invalidJson: 'Invalid JSON, could not parse manifest',
  /** The spec's spelling. */
  parseFailure: 'An error occured parsing your manifest',
  permissionsParseError: 'Error parsing existing permissions',
  atLeastOneComponent: 'At least one of fullscreen or sidepanel must be present',
  postInstallationAllOrNone: 'All post installation instruction fields must be present',
  invalidForm: 'Please fill in the required fields below before creating a version.',
  urlRequired: 'A valid URL is required',
  viewsRequired: 'At least one view is required',
  componentUrlHttps: 'Component URLs must use HTTPS (http://localhost is the only exception)',
  semanticVersionRequired: 'Semantic version is required',
  semanticVersionFormat: 'Semantic version must follow major.minor.patch, e.g. 1.4.0',
  releaseNotesRequired: 'Release notes are required to promote a version',
  saveFailed: 'Something went wrong when saving the new version.',
} as const;

/** 'There are (N) content violations.' — the collapsed banner when there is more than one. */
export const contentViolationsSummary = (count: number) => `There are (${count}) content violations.`;

// ---------------------------------------------------------------------------------------------
// Semantic versions

/** major.minor.patch, numbers without leading zeros (at most 9 digits, so they stay exact). */
export const SEMANTIC_VERSION_PATTERN = /^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})$/;
export const FIRST_SEMANTIC_VERSION = '0.1.0';

export type SemanticVersion = readonly [major: number, minor: number, patch: number];

/** The three numbers of a semantic version, or null when it does not follow major.minor.patch. */
export function parseSemanticVersion(value: string | null | undefined): SemanticVersion | null {
  const match = typeof value === 'string' ? SEMANTIC_VERSION_PATTERN.exec(value) : null;
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/**
 * Orders two semantic versions numerically, segment by segment (0.10.0 is above 0.9.0). A value that
 * is not a semantic version sorts below every one that is. Negative, zero or positive, like a sort
 * comparator. (The original's helper compares segments as strings, which gets 0.10.0 < 0.9.0 wrong.)
 */
export function compareSemanticVersions(a: string | null | undefined, b: string | null | undefined): number {
  const left = parseSemanticVersion(a);
  const right = parseSemanticVersion(b);
  if (!left || !right) return Number(Boolean(left)) - Number(Boolean(right));
  for (let i = 0; i < 3; i++) {
    const difference = left[i]! - right[i]!;
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/**
 * The version the editor suggests (spec developer-apps §4, §9): the last version with its minor part plus one
 * (patch back to 0, as semantic versioning asks), or 0.1.0 when there is none. Only versions above
 * the published one are offered, so the published version counts as a "last" one too.
 */
export function nextSemanticVersion(last?: string | null, published?: string | null): string {
  const base = [last, published]
    .filter((value) => parseSemanticVersion(value))
    .sort(compareSemanticVersions)
    .at(-1);
  const parsed = parseSemanticVersion(base);
  return parsed ? `${parsed[0]}.${parsed[1] + 1}.0` : FIRST_SEMANTIC_VERSION;
}

/** What two manifests are compared by: the version number and, when both have one, the semantic version. */
export type VersionRef = { version: number; semantic_version: string | null };

/**
 * How two versions of an app compare: by version number (creation order; a promoted version keeps
 * its sandbox number). When both have a semantic version it must agree with the numbers, as the
 * server's rules make it; NaN means they disagree (versions made while semantic versions were
 * off), which the header shows as Unknown State and which cannot be promoted.
 */
export function compareManifestVersions(a: VersionRef, b: VersionRef): number {
  const byNumber = Math.sign(a.version - b.version);
  if (!parseSemanticVersion(a.semantic_version) || !parseSemanticVersion(b.semantic_version)) return byNumber;
  return compareSemanticVersions(a.semantic_version, b.semantic_version) === byNumber ? byNumber : Number.NaN;
}

/** A version's name in lists and messages: its semantic version, else its number. */
export const versionLabel = (version: VersionRef) => version.semantic_version ?? String(version.version);

// ---------------------------------------------------------------------------------------------
// Header status (spec developer-apps §4)

export type ManifestHeaderStatus = {
  key: 'draft' | 'ready_for_testing' | 'promoted' | 'approved' | 'under_review' | 'unknown';
  label: 'Draft' | 'Ready for Testing' | 'Promoted' | 'Approved Version' | 'Under Review' | 'Unknown State';
  color: 'blue' | 'magenta' | 'green' | 'yellow' | 'red';
  /** The Promote button is shown only when the newest sandbox version is ready for testing. */
  canPromote: boolean;
};

const HEADER = {
  draft: { key: 'draft', label: 'Draft', color: 'blue', canPromote: false },
  ready_for_testing: {
    key: 'ready_for_testing',
    label: 'Ready for Testing',
    color: 'magenta',
    canPromote: true,
  },
  promoted: { key: 'promoted', label: 'Promoted', color: 'green', canPromote: false },
  approved: { key: 'approved', label: 'Approved Version', color: 'green', canPromote: false },
  under_review: { key: 'under_review', label: 'Under Review', color: 'yellow', canPromote: false },
  unknown: { key: 'unknown', label: 'Unknown State', color: 'red', canPromote: false },
} as const satisfies Record<ManifestHeaderStatus['key'], ManifestHeaderStatus>;

/**
 * The manifest header's status from the newest sandbox and the newest production manifest: no
 * sandbox → Draft; sandbox newer than production (or no production) → Ready for Testing; equal
 * versions follow the production state; a lower or different sandbox version → Unknown State.
 */
export function manifestHeaderStatus(
  newestSandbox: VersionRef | null | undefined,
  newestProduction: (VersionRef & { state: string }) | null | undefined,
): ManifestHeaderStatus {
  if (!newestSandbox) return HEADER.draft;
  if (!newestProduction) return HEADER.ready_for_testing;
  const order = compareManifestVersions(newestSandbox, newestProduction);
  if (order > 0) return HEADER.ready_for_testing;
  if (order !== 0) return HEADER.unknown;
  if (newestProduction.state === 'confidential') return HEADER.promoted;
  if (newestProduction.state === 'published') return HEADER.approved;
  if (newestProduction.state === 'in_review') return HEADER.under_review;
  return HEADER.unknown;
}

// ---------------------------------------------------------------------------------------------
// Review state machine (spec developer-apps §4)

export type ReviewActor = 'developer' | 'admin';
export type ReviewEvent = 'submitted' | 'withdrawn' | 'approved' | 'rejected';

/** Every allowed transition. Developers (owner, admins of the app) submit and withdraw; staff review. */
export const REVIEW_TRANSITIONS = [
  { event: 'submitted', actor: 'developer', from: 'confidential', to: 'in_review' },
  { event: 'withdrawn', actor: 'developer', from: 'in_review', to: 'confidential' },
  { event: 'approved', actor: 'admin', from: 'in_review', to: 'published' },
  { event: 'rejected', actor: 'admin', from: 'in_review', to: 'confidential' },
] as const satisfies ReadonlyArray<{
  event: ReviewEvent;
  actor: ReviewActor;
  from: ReviewState;
  to: ReviewState;
}>;

const STATE_LABEL: Record<ReviewState, string> = {
  confidential: 'confidential (not in review)',
  in_review: 'in review',
  published: 'published',
};

export type ReviewTransitionResult = { ok: true; event: ReviewEvent } | { ok: false; message: string };

/** Whether an actor may move a version from one state to another, and if not, why (the 409 message). */
export function reviewTransition(
  from: ReviewState,
  to: ReviewState,
  actor: ReviewActor,
): ReviewTransitionResult {
  const allowed = REVIEW_TRANSITIONS.find((t) => t.actor === actor && t.from === from && t.to === to);
  if (allowed) return { ok: true, event: allowed.event };
  if (from === to) return { ok: false, message: `This version is already ${STATE_LABEL[to]}` };
  if (actor === 'admin')
    return { ok: false, message: 'Only a version in review can be approved or rejected' };
  if (to === 'published') return { ok: false, message: 'Only a platform admin can approve a version' };
  return {
    ok: false,
    message: 'A published version cannot be submitted or withdrawn; create and promote a new version instead',
  };
}

export type ReviewAction = 'submit' | 'withdraw' | 'approve' | 'reject';

/**
 * The review buttons a production version shows (spec developer-apps §4): Submit when submittable, Withdraw
 * when in review; platform admins get Approve and Reject for a version in review instead of Withdraw.
 */
export function reviewActions(
  version: { state: ReviewState; submittable: boolean },
  viewer: { canModifyManifests: boolean; isPlatformAdmin: boolean },
): ReviewAction[] {
  if (version.state === 'in_review') {
    if (viewer.isPlatformAdmin) return ['approve', 'reject'];
    return viewer.canModifyManifests ? ['withdraw'] : [];
  }
  return version.submittable && viewer.canModifyManifests ? ['submit'] : [];
}

// ---------------------------------------------------------------------------------------------
// Component URLs

const VARIABLE = /\{\{([^{}]*)\}\}/g;

/** The `{{...}}` variable names in a URL, trimmed, in order of appearance. */
export function urlVariables(url: string): string[] {
  return [...url.matchAll(VARIABLE)].map((match) => match[1]!.trim());
}

/** Variables a component URL uses that are neither built-ins nor the component's parameter keys. */
export function unknownUrlVariables(url: string, parameterKeys: readonly string[]): string[] {
  const known = new Set<string>([...BUILT_IN_URL_VARIABLES, ...parameterKeys]);
  return urlVariables(url).filter((name) => !known.has(name));
}

/**
 * Why a component URL is not allowed, or null: it must parse and use HTTPS with a host; plain HTTP
 * only for localhost (the spec's `{host}` exception). Variables count as text while parsing.
 */
export function componentUrlError(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.replace(VARIABLE, 'x'));
  } catch {
    return MANIFEST_MESSAGES.urlRequired;
  }
  if (parsed.protocol === 'https:' && parsed.hostname) return null;
  if (parsed.protocol === 'http:' && parsed.hostname === 'localhost') return null;
  return MANIFEST_MESSAGES.componentUrlHttps;
}

// ---------------------------------------------------------------------------------------------
// Editor helpers

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Inserts a snippet into a draft: objects merge key by key, arrays are appended to, other values
 * replace. Neither argument is changed.
 */
export function mergeSnippet(content: JsonObject, snippet: JsonObject): JsonObject {
  const merged: JsonObject = { ...content };
  for (const [key, value] of Object.entries(snippet)) {
    const current = merged[key];
    if (isObject(current) && isObject(value)) merged[key] = mergeSnippet(current, value);
    else if (Array.isArray(current) && Array.isArray(value)) merged[key] = [...current, ...value];
    else merged[key] = structuredClone(value);
  }
  return merged;
}

export type ManifestPermissions = Record<PermissionScope, Record<string, PermissionLevel>>;

/**
 * The permissions a draft holds, for the permission builder; null when they cannot be read (shown
 * as 'Error parsing existing permissions'). Missing scopes read as empty.
 */
export function readPermissions(content: unknown): ManifestPermissions | null {
  if (!isObject(content)) return null;
  const permissions = content.permissions;
  if (permissions === undefined) return { company: {}, project: {} };
  if (!isObject(permissions)) return null;
  const result: ManifestPermissions = { company: {}, project: {} };
  for (const scope of PERMISSION_SCOPES) {
    const entries = permissions[scope];
    if (entries === undefined) continue;
    if (!isObject(entries)) return null;
    for (const [tool, level] of Object.entries(entries)) {
      if (!(PERMISSION_LEVEL_NAMES as readonly unknown[]).includes(level)) return null;
      result[scope][tool] = level as PermissionLevel;
    }
  }
  return result;
}

/** The draft with the builder's permissions written in (tools left at none are kept out). */
export function writePermissions(content: JsonObject, permissions: ManifestPermissions): JsonObject {
  const scoped = (scope: PermissionScope) =>
    Object.fromEntries(Object.entries(permissions[scope]).filter(([, level]) => level !== 'none'));
  return { ...content, permissions: { company: scoped('company'), project: scoped('project') } };
}

/** The first permission a scope's tool may not have (unknown tool or disallowed level), or null. */
export function permissionError(scope: PermissionScope, tool: string, level: PermissionLevel): string | null {
  const known = findPermissionTool(scope, tool);
  if (!known) return `${tool} is not a known ${scope} tool`;
  if (!isLevelAllowed(known, level))
    return `The ${known.friendly_name} ${scope} tool cannot be set to ${level}`;
  return null;
}

/**
 * Whether the permission builder applies (spec developer-apps §5): schema 4.1 always has permissions; schema
 * 3 needs an oauth instance with the client_credentials grant (a service account).
 */
export function hasServiceAccount(content: unknown): boolean {
  if (!isObject(content)) return false;
  if (schemaFamily(content.schema_version) === '4.1') return true;
  const components = isObject(content.components) ? content.components : {};
  const oauth = isObject(components.oauth) ? components.oauth : {};
  const instances = Array.isArray(oauth.instances) ? oauth.instances : [];
  return instances.some((instance) => isObject(instance) && instance.grant_type === 'client_credentials');
}

/**
 * Whether a version has an OAuth (data connection) component, for the "sandbox manifest created"
 * notice (spec developer-apps §4): schema 3 has an oauth instance; schema 4.1 has the `permissions` block
 * (what its data connection snippet adds); a form-based version has oauth enabled or a permission set.
 */
export function hasOauthComponent(content: unknown, configured?: unknown): boolean {
  if (isObject(configured)) {
    const oauth = isObject(configured.oauth) ? configured.oauth : {};
    const permissions = readPermissions(configured);
    const anyLevel = PERMISSION_SCOPES.some((scope) =>
      Object.values(permissions?.[scope] ?? {}).some((level) => level !== 'none'),
    );
    return oauth.enabled === true || anyLevel;
  }
  if (!isObject(content)) return false;
  if (schemaFamily(content.schema_version) === '4.1') return isObject(content.permissions);
  const components = isObject(content.components) ? content.components : {};
  const oauth = isObject(components.oauth) ? components.oauth : {};
  return Array.isArray(oauth.instances) && oauth.instances.length > 0;
}
