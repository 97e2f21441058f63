/** Rate-limit buckets (spec admin §2 QuotaMinder, §3 Quota bucket, §7, §9): admin CRUD with audit. */
import {
  BUCKET_CLIENT_ID,
  BUCKET_NAME_MAX_LENGTH,
  type BucketTemplateInput,
  bucketTemplateErrors,
  type CreateBucketBody,
  QUOTA_QA_SERVER,
  QUOTA_SERVERS,
  type QuotaBucket,
  type QuotaBucketsQuery,
  type UpdateBucketBody,
} from '@portal/contracts';
import type { Config } from '../../config.ts';
import type { StoredBucketTemplate } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import { findOauthApplication } from '../credentials/index.ts';
import { forgetBuckets } from './quota.cache.ts';
import * as repo from './quota.repo.ts';

/** Spec admin §9: Staging on the QA host, otherwise the six production and sandbox servers. */
export function quotaServers(config: Pick<Config, 'qaHost'>): readonly string[] {
  return config.qaHost ? [QUOTA_QA_SERVER] : QUOTA_SERVERS;
}

export function assertServer(ctx: AppContext, server: string) {
  if (!quotaServers(ctx.config).includes(server))
    throw new AppError('not_found', `Unknown server: ${server}`);
}

type Fields = CreateBucketBody['data'];

function bad(message: string, fields: Record<string, string>): never {
  throw new AppError('bad_request', message, {
    errors: Object.values(fields),
    fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [`data.${k}`, [v]])),
  });
}

/** Checks a bucket's fields (spec admin §3) and resolves its domain to the OAuth application's client id. */
async function checkedValues(
  ctx: AppContext,
  server: string,
  data: Fields,
): Promise<repo.BucketValues & { appName: string }> {
  const errors: Record<string, string> = {};
  const name = data.name.trim();
  if (!name) errors.name = "Name can't be blank";
  else if (name.length > BUCKET_NAME_MAX_LENGTH)
    errors.name = `Name is too long (at most ${BUCKET_NAME_MAX_LENGTH} characters)`;
  if (data.client_id !== BUCKET_CLIENT_ID) errors.client_id = "Client ID must be '*'";
  Object.assign(errors, bucketTemplateErrors(data.bucket_templates, server));
  const domain = data.domain.trim();
  const app = domain ? await findOauthApplication(ctx, domain) : null;
  if (!app)
    errors.domain = `Domain must be the client ID of an OAuth application; ${domain ? `'${domain}' is none` : 'it is blank'}`;
  const messages = Object.values(errors);
  if (messages.length) bad(messages.join('; '), errors);
  return {
    name,
    clientId: BUCKET_CLIENT_ID,
    domain: app!.clientId,
    appName: app!.appInternalName,
    shadow: data.shadow ?? false,
    templates: data.bucket_templates.map(
      (t: BucketTemplateInput): StoredBucketTemplate => ({
        name: t.name as StoredBucketTemplate['name'],
        fillType: t.fill_type as StoredBucketTemplate['fillType'],
        limit: t.limit,
        intervalMs: t.interval_ms,
      }),
    ),
  };
}

export const templatesOut = (row: Pick<repo.BucketRow, 'server' | 'templates'>) =>
  row.templates.map((t) => ({
    name: t.name,
    fill_type: t.fillType,
    limit: t.limit,
    interval_ms: t.intervalMs,
    server: row.server,
  }));

async function toBucket(ctx: AppContext, row: repo.BucketRow, appName?: string): Promise<QuotaBucket> {
  return {
    id: row.id,
    name: row.name,
    client_id: row.clientId,
    domain: row.domain,
    app_name: appName ?? (await findOauthApplication(ctx, row.domain))?.appInternalName ?? '',
    server: row.server,
    ids: { [row.server]: row.id },
    shadow: row.shadow,
    bucket_templates: templatesOut(row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a bucket before and after a change. */
const audited = (row: repo.BucketRow): Record<string, unknown> => ({
  server: row.server,
  name: row.name,
  client_id: row.clientId,
  domain: row.domain,
  shadow: row.shadow,
  bucket_templates: templatesOut(row),
});
const nothing = (shape: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(shape).map((k) => [k, null]));
const subject = (id: string) => ({ type: 'quota_bucket' as const, id });

export async function listBuckets(ctx: AppContext, server: string, query: QuotaBucketsQuery) {
  assertServer(ctx, server);
  const page = await repo.listBuckets(ctx, server, { ...query, search: query['filters[search]'] });
  return { ...page, rows: await Promise.all(page.rows.map((row) => toBucket(ctx, row))) };
}

export async function findBucketOr404(ctx: AppContext, server: string, id: string) {
  assertServer(ctx, server);
  const row = isUuid(id) ? await repo.findBucket(ctx, server, id) : null;
  if (!row) throw new AppError('not_found', 'Bucket not found');
  return row;
}

export async function getBucket(ctx: AppContext, server: string, id: string) {
  return toBucket(ctx, await findBucketOr404(ctx, server, id));
}

const duplicate = (server: string) =>
  new AppError('conflict', `This domain already has a bucket on ${server}; edit that one`, {
    fields: { 'data.domain': [`This domain already has a bucket on ${server}`] },
  });

export async function createBucket(ctx: AppContext, actor: AuditActor, server: string, data: Fields) {
  assertServer(ctx, server);
  const { appName, ...values } = await checkedValues(ctx, server, data);
  const row = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx } as AppContext;
    const inserted = await repo.insertBucket(txCtx, server, values, ctx.clock.now());
    if (!inserted) throw duplicate(server);
    await recordAudit(
      txCtx,
      actor,
      'quota_bucket.create',
      subject(inserted.id),
      nothing(audited(inserted)),
      audited(inserted),
    );
    return inserted;
  });
  forgetBuckets(ctx);
  return toBucket(ctx, row, appName);
}

export async function updateBucket(
  ctx: AppContext,
  actor: AuditActor,
  server: string,
  id: string,
  data: UpdateBucketBody['data'],
) {
  const existing = await findBucketOr404(ctx, server, id);
  const merged: Fields = {
    name: data.name ?? existing.name,
    client_id: data.client_id ?? existing.clientId,
    domain: data.domain ?? existing.domain,
    shadow: data.shadow ?? existing.shadow,
    bucket_templates: data.bucket_templates ?? templatesOut(existing),
  };
  const { appName, ...values } = await checkedValues(ctx, server, merged);
  if (values.domain !== existing.domain && (await repo.findBucketForDomain(ctx, server, values.domain)))
    throw duplicate(server);
  const row = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx } as AppContext;
    const updated = await repo.updateBucket(txCtx, id, values, ctx.clock.now());
    if (!updated) throw new AppError('not_found', 'Bucket not found');
    await recordAudit(txCtx, actor, 'quota_bucket.update', subject(id), audited(existing), audited(updated));
    return updated;
  });
  forgetBuckets(ctx);
  return toBucket(ctx, row, appName);
}

export async function deleteBucket(ctx: AppContext, actor: AuditActor, server: string, id: string) {
  const existing = await findBucketOr404(ctx, server, id);
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx } as AppContext;
    await repo.deleteBucket(txCtx, id);
    const before = audited(existing);
    await recordAudit(txCtx, actor, 'quota_bucket.delete', subject(id), before, nothing(before));
  });
  forgetBuckets(ctx);
}
