/** Changelog entry types and the reference's resource groups (zod-free: the web's small chunks import it). */
import { isPlatformStaff } from './app-roles.ts';

/** Entry types (shared data README: new, feature, refinement, fix, deprecated, sunset, plus `breaking`). */
export const CHANGELOG_TYPES = ['new', 'feature', 'refinement', 'fix', 'deprecated', 'sunset'] as const;
export type ChangelogType = (typeof CHANGELOG_TYPES)[number];

/** `rest`: the platform REST API we document; `portal`: this portal's own API (its generated document). */
export const RESOURCE_GROUPS = ['rest', 'portal'] as const;
export type ResourceGroup = (typeof RESOURCE_GROUPS)[number];

/** The branch (`custom_service_sha`) everyone reads; others only employees and admins may switch to. */
export const DEFAULT_BRANCH = 'main';

export const CHANGELOG_VISIBILITIES = ['public', 'internal'] as const;
export type ChangelogVisibility = (typeof CHANGELOG_VISIBILITIES)[number];

/** Proposed entries (from an OpenAPI import) are seen by admins only until published. */
export const CHANGELOG_STATUSES = ['proposed', 'published'] as const;
export type ChangelogStatus = (typeof CHANGELOG_STATUSES)[number];

/** Whoever may see internal entries and switch branches (spec developer-apps §2 Changelog page). */
export const seesInternalChangelog = isPlatformStaff;

/** The card's version (spec developer-apps §2): the smallest version followed by '+'. */
export function smallestVersionLabel(versions: readonly string[]): string {
  if (versions.length === 0) return '';
  const parts = (v: string) =>
    v
      .replace(/^v/i, '')
      .split('.')
      .map((n) => Number.parseInt(n, 10) || 0);
  const sorted = [...versions].sort((a, b) => {
    const [x, y] = [parts(a), parts(b)];
    for (let i = 0; i < Math.max(x.length, y.length); i++) {
      const d = (x[i] ?? 0) - (y[i] ?? 0);
      if (d !== 0) return d;
    }
    return 0;
  });
  return `${sorted[0]}+`;
}

/** The card's date (spec developer-apps §2): YYYY-MM. */
export const yearMonth = (datestamp: string) => datestamp.slice(0, 7);

/** A URL-safe slug for an operation: its operationId, else method and path. */
export function operationSlug(method: string, path: string, operationId?: string): string {
  const base = operationId ?? `${method} ${path}`;
  return base
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The manifest guide, linked from the manifest editor and the Configuration Builder (issue 27). */
export const MANIFEST_GUIDE_PATH = '/documentation/building-apps-define-manifest';
