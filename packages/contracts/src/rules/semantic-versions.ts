/**
 * Semantic versions (major.minor.patch) and the order of an app's versions: what the editor
 * suggests next, and how two versions compare.
 */

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
