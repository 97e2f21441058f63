/**
 * Admins' changelog work (issue 27): import an OpenAPI document for a group and branch (validated
 * by swagger-parser; the diff with the previous one proposes entries), and create, edit, publish
 * and delete entries. Every write is in the audit log.
 */
import { createHash } from 'node:crypto';
import SwaggerParser from '@apidevtools/swagger-parser';
import {
  type CreateChangelogEntryBody,
  DEFAULT_BRANCH,
  type ImportOpenApiBody,
  type ImportOpenApiResult,
  operationSlug,
  type ResourceGroup,
  type UpdateChangelogEntryBody,
} from '@portal/contracts';
import type { AppContext } from '../../platform/context.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import { type Change, changeKey, diffOpenApi } from './openapi-diff/index.ts';
import * as repo from './reference.repo.ts';
import { toAdminEntry } from './reference.service.ts';

const MESSAGE_MAX = 2000;
const refuse = (message: string) => fieldError('document', message.slice(0, MESSAGE_MAX));

/** The document as JSON, an OpenAPI 3.x one, valid by swagger-parser (its message when not). */
async function parseDocument(text: string): Promise<Record<string, unknown>> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw refuse(`The document is not valid JSON: ${(error as Error).message}`);
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    throw refuse('The document must be a JSON object');
  const version = (doc as { openapi?: unknown }).openapi;
  if (typeof version !== 'string' || !/^3\.\d+\.\d+$/.test(version))
    throw refuse('Only OpenAPI 3.x documents can be imported (the "openapi" field, such as "3.1.0")');
  const external = externalRef(doc);
  if (external) throw refuse(`Only references inside the document (#/…) are supported; found ${external}`);
  try {
    // External $refs are never fetched or read: only the document itself counts.
    await SwaggerParser.validate(structuredClone(doc) as never, { resolve: { external: false } });
  } catch (error) {
    throw refuse((error as Error).message);
  }
  return doc as Record<string, unknown>;
}

/** The first `$ref` that points outside the document, if any. */
function externalRef(node: unknown, depth = 0): string | undefined {
  if (!node || typeof node !== 'object' || depth > 64) return undefined;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) return value.slice(0, 200);
    const found = externalRef(value, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Keys sorted, so the same document always has the same digest. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

const versionOfPath = (path: string) => /\/(v\d+(?:\.\d+)?)(?:\/|$)/.exec(path)?.[1];

function proposal(ctx: AppContext, group: string, branch: string, docVersion: string, change: Change) {
  const today = ctx.clock.now().toISOString().slice(0, 10);
  const version = versionOfPath(change.path) ?? (/^v\d/.test(docVersion) ? docVersion : `v${docVersion}`);
  return (documentId: string): repo.EntryValues => ({
    groupName: group,
    branch,
    summary: change.summary.slice(0, 300),
    description: `${change.breaking ? '**Breaking change.** ' : ''}${change.summary}.`,
    endpoint: `${change.method} ${change.path}`,
    type: change.type,
    breaking: change.breaking,
    datestamp: today,
    versions: [/^v\d+(\.\d+)*$/.test(version) ? version : 'v1'],
    link: `endpoints/${operationSlug(change.method, change.path, change.operationId)}`,
    visibility: 'public',
    status: 'proposed',
    changeKind: change.kind,
    documentId,
    changeKey: changeKey(change),
  });
}

export async function importOpenApi(
  ctx: AppContext,
  actor: AuditActor,
  group: ResourceGroup,
  body: ImportOpenApiBody,
): Promise<ImportOpenApiResult> {
  const doc = await parseDocument(body.document);
  const branch = body.branch ?? DEFAULT_BRANCH;
  const digest = createHash('sha256').update(canonical(doc)).digest('hex');
  const previous = await repo.currentDocument(ctx, group, branch);
  const info = (row: repo.DocumentRow) => ({
    id: row.id,
    group,
    branch: row.branch,
    version: row.version,
    created_at: row.createdAt.toISOString(),
  });
  // The same document again: nothing new to propose.
  if (previous?.digest === digest) return { document: info(previous), proposed: [] };
  const version = String((doc.info as { version?: unknown } | undefined)?.version ?? '').slice(0, 100);
  // The first document of a branch proposes nothing: every operation would read as new.
  const changes = previous ? diffOpenApi(previous.document, doc) : [];
  const saved = await repo.saveImport(
    ctx,
    { groupName: group, branch, version, document: doc, digest, importedBy: actor.id },
    (documentId) => changes.map((change) => proposal(ctx, group, branch, version, change)(documentId)),
  );
  const subject = { type: 'openapi_document', id: saved.document.id } as const;
  await recordAudit(
    ctx,
    actor,
    'openapi_document.import',
    subject,
    {},
    {
      group,
      branch,
      version,
      proposed: saved.entries.length,
    },
  );
  return { document: info(saved.document), proposed: saved.entries.map(toAdminEntry) };
}

const audited = (row: repo.EntryRow) => ({
  ...toAdminEntry(row),
  updated_at: undefined,
  created_at: undefined,
});
const nothing = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(fields).map((k) => [k, null]));

async function findForAdmin(ctx: AppContext, id: string) {
  const row = isUuid(id) ? await repo.findEntry(ctx, id) : undefined;
  if (!row) throw notFound('Changelog entry');
  return row;
}

export async function adminGetEntry(ctx: AppContext, id: string) {
  return toAdminEntry(await findForAdmin(ctx, id));
}

export async function createEntry(ctx: AppContext, actor: AuditActor, body: CreateChangelogEntryBody) {
  const now = ctx.clock.now();
  const [row] = await repo.insertEntries(ctx, [
    {
      groupName: body.group,
      branch: body.branch ?? DEFAULT_BRANCH,
      summary: body.summary,
      description: body.description,
      endpoint: body.endpoint,
      type: body.type,
      breaking: body.breaking,
      datestamp: body.datestamp,
      versions: body.versions,
      link: body.link,
      visibility: body.visibility,
      status: body.status,
      publishedAt: body.status === 'published' ? now : null,
    },
  ]);
  const after = audited(row!);
  await recordAudit(
    ctx,
    actor,
    'changelog_entry.create',
    { type: 'changelog_entry', id: row!.id },
    nothing(after),
    after,
  );
  return toAdminEntry(row!);
}

export async function updateEntry(
  ctx: AppContext,
  actor: AuditActor,
  id: string,
  body: UpdateChangelogEntryBody,
) {
  const existing = await findForAdmin(ctx, id);
  return saveEntry(ctx, actor, 'update', id, existing, {
    ...body,
    ...(existing.status === 'published' ? { publishedAt: ctx.clock.now() } : {}),
  });
}

/** Publishing a proposal (or again a published entry: nothing changes). */
export async function publishEntry(ctx: AppContext, actor: AuditActor, id: string) {
  const existing = await findForAdmin(ctx, id);
  if (existing.status === 'published') return toAdminEntry(existing);
  return saveEntry(ctx, actor, 'publish', id, existing, {
    status: 'published',
    publishedAt: ctx.clock.now(),
  });
}

/** Saves changes to an entry and audits them as `changelog_entry.<action>`; the entry as staff see it. */
async function saveEntry(
  ctx: AppContext,
  actor: AuditActor,
  action: 'update' | 'publish',
  id: string,
  existing: repo.EntryRow,
  changes: Parameters<typeof repo.updateEntry>[2],
) {
  const row = await repo.updateEntry(ctx, id, changes);
  if (!row) throw notFound('Changelog entry');
  await recordAudit(
    ctx,
    actor,
    `changelog_entry.${action}`,
    { type: 'changelog_entry', id },
    audited(existing),
    audited(row),
  );
  return toAdminEntry(row);
}

export async function deleteEntry(ctx: AppContext, actor: AuditActor, id: string) {
  const existing = await findForAdmin(ctx, id);
  if (!(await repo.deleteEntry(ctx, id))) throw notFound('Changelog entry');
  const before = audited(existing);
  await recordAudit(
    ctx,
    actor,
    'changelog_entry.delete',
    { type: 'changelog_entry', id },
    before,
    nothing(before),
  );
}

/** Admins' list of a group's entries on a branch: proposals and internal ones too. */
export async function adminListEntries(
  ctx: AppContext,
  group: ResourceGroup,
  query: import('@portal/contracts').AdminChangelogQuery,
) {
  const page = await repo.listEntries(
    ctx,
    {
      group,
      branch: query.custom_service_sha ?? DEFAULT_BRANCH,
      includeInternal: true,
      status: query['filters[status]'] ?? 'any',
      search: query['filters[search]'] || undefined,
    },
    query,
  );
  return { ...page, rows: page.rows.map(toAdminEntry) };
}
