/** A listing's new draft: empty, or a copy of the published listing with its files copied too. */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../platform/context.ts';
import { streamUpload } from '../../platform/http/uploads.ts';
import type { Storage } from '../../platform/storage.ts';
import type { ListingAccess } from './listings.access.ts';
import type { SubmissionRow } from './listings.repo.ts';
import * as repo from './listings.repo.ts';

/** A new draft: a copy of the published listing (its media copied too) when there is one, else empty. */
export async function createDraft(ctx: AppContext, access: ListingAccess): Promise<SubmissionRow> {
  const { published } = await repo.findAppSubmissions(ctx, access.app.id);
  const now = ctx.clock.now();
  const storage = ctx.storage;
  const base: repo.NewSubmissionRow = {
    developerAppId: access.app.id,
    createdById: access.user.id,
    createdAt: now,
    updatedAt: now,
  };
  if (!published) return ctx.db.transaction((tx) => repo.insertSubmission(tx, base));
  const {
    id: _id,
    state: _state,
    approvalState: _approval,
    adminMessage: _message,
    silent: _silent,
    slug: _slug,
    version: _version,
    submittedAt: _submitted,
    reviewedAt: _reviewed,
    publishedAt: _published,
    archivedAt: _archived,
    createdById: _by,
    createdAt: _created,
    updatedAt: _updated,
    ...fields
  } = published;
  const id = randomUUID();
  const copies: repo.NewAttachmentRow[] = [];
  const copied: string[] = [];
  try {
    for (const item of await repo.listAttachments(ctx, [published.id])) {
      let storageKey = item.storageKey;
      if (storageKey) {
        storageKey = await copyStored(storage, storageKey, access.app.id);
        copied.push(storageKey);
      }
      copies.push({ ...item, id: randomUUID(), submissionId: id, storageKey });
    }
    return await ctx.db.transaction(async (tx) => {
      const row = await repo.insertSubmission(tx, { ...fields, ...base, id });
      await repo.insertAttachments(tx, copies);
      return row;
    });
  } catch (error) {
    await Promise.all(copied.map((key) => storage.delete(key).catch(() => {})));
    throw error;
  }
}

export async function dropDraft(ctx: AppContext, id: string) {
  const storage = ctx.storage;
  const files = await repo.listAttachments(ctx, [id]);
  await repo.deleteSubmission(ctx, id);
  for (const file of files) if (file.storageKey) await storage.delete(file.storageKey).catch(() => {});
}

/** A stored file copied under a new key (through scratch space, like an upload). */
async function copyStored(storage: Storage, key: string, appId: string): Promise<string> {
  const source = await storage.read(key);
  if (!source) throw new Error(`stored file ${key} is missing`);
  const upload = await streamUpload(storage, { file: source.stream });
  const target = `marketplace/${appId}/${randomUUID()}.${key.split('.').pop()}`;
  await storage.putFile(target, upload.tempPath);
  return target;
}
