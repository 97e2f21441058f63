/**
 * The reference's reads (spec developer-apps §2 Changelog page, §7 Changelog): a group's changelog,
 * one entry, its branches and its OpenAPI document. Internal entries and other branches reach
 * employees and admins only; the rules live here, for every route that reads.
 */
import {
  type AdminChangelogEntry,
  type ChangelogEntry,
  type ChangelogQuery,
  type ChangelogType,
  DEFAULT_BRANCH,
  type ResourceGroup,
  seesInternalChangelog,
} from '@portal/contracts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import * as repo from './reference.repo.ts';

export const BRANCH_FORBIDDEN = 'Only employees and admins may switch the changelog branch';

/** The branch a caller reads: the default one, or another for employees and admins. */
export function branchFor(user: SessionUser | null, requested: string | undefined): string {
  const branch = requested ?? DEFAULT_BRANCH;
  if (branch !== DEFAULT_BRANCH && !seesInternalChangelog(user)) throw forbidden(BRANCH_FORBIDDEN);
  return branch;
}

export function toEntry(row: repo.EntryRow): ChangelogEntry {
  return {
    id: row.id,
    summary: row.summary,
    description: row.description,
    endpoint: row.endpoint,
    type: row.type,
    breaking: row.breaking,
    datestamp: row.datestamp,
    versions: row.versions,
    link: row.link,
    visibility: row.visibility,
  };
}

export function toAdminEntry(row: repo.EntryRow): AdminChangelogEntry {
  return {
    ...toEntry(row),
    group: row.groupName as ResourceGroup,
    branch: row.branch,
    status: row.status,
    change_kind: row.changeKind,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const asList = <T>(value: T | T[] | undefined): T[] | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value];

/** `GET /resource_groups/{group}`: published entries newest first, filtered (spec developer-apps §7). */
export async function listChangelog(
  ctx: AppContext,
  user: SessionUser | null,
  group: ResourceGroup,
  query: ChangelogQuery,
) {
  const page = await repo.listEntries(
    ctx,
    {
      group,
      branch: branchFor(user, query.custom_service_sha),
      includeInternal: seesInternalChangelog(user),
      types: asList<ChangelogType>(query['filters[type][]']),
      breaking: query['filters[breaking]'] === 'true' ? true : undefined,
      search: query['filters[search]'] || undefined,
    },
    query,
  );
  return { ...page, rows: page.rows.map(toEntry) };
}

/** One published entry; an internal one (or a proposal) is not found for everyone else. */
export async function getChangelogEntry(
  ctx: AppContext,
  user: SessionUser | null,
  group: ResourceGroup,
  id: string,
) {
  const row = isUuid(id) ? await repo.findEntry(ctx, id) : undefined;
  const visible =
    row &&
    row.groupName === group &&
    row.status === 'published' &&
    (row.visibility === 'public' || seesInternalChangelog(user)) &&
    (row.branch === DEFAULT_BRANCH || seesInternalChangelog(user));
  if (!visible) throw notFound('Changelog entry');
  return toEntry(row);
}

/** The branches a group has (employees and admins switch between them). */
export async function listBranches(ctx: AppContext, user: SessionUser, group: ResourceGroup) {
  if (!seesInternalChangelog(user)) throw forbidden(BRANCH_FORBIDDEN);
  const names = new Set([DEFAULT_BRANCH, ...(await repo.branches(ctx, group))]);
  return { branches: [...names].sort(), default: DEFAULT_BRANCH };
}

/**
 * The OpenAPI document a group's endpoint pages are drawn from: the newest imported one for `rest`,
 * the server's own generated document for `portal`.
 */
export async function getDocument(
  ctx: AppContext,
  user: SessionUser | null,
  group: ResourceGroup,
  requestedBranch: string | undefined,
  generated: () => Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const branch = branchFor(user, requestedBranch);
  if (group === 'portal' && branch === DEFAULT_BRANCH) return generated();
  const row = await repo.currentDocument(ctx, group, branch);
  if (!row) throw notFound('OpenAPI document');
  return row.document;
}
