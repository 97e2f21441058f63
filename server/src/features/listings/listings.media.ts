/**
 * A save's media changes: new files checked by content and dimensions (spec developer-apps §5), attribute
 * edits, removals, and the showcase video and other videos by their media-host URL. Planned first (with
 * every problem collected), then the files are moved into storage and the rows written.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { SubmissionBody } from '@portal/contracts';
import type { Storage } from '../../platform/storage.ts';
import type { FileKind, FormUpload } from './listings.form.ts';
import type { AttachmentRow, NewAttachmentRow } from './listings.repo.ts';
import { type CheckedFile, checkUpload, MEDIA_MESSAGES } from './listings.uploads.ts';

/** The stored file's key: under the app, never derived from the uploaded name. */
const storageKeyFor = (appId: string, ext: string) => `marketplace/${appId}/${randomUUID()}.${ext}`;

const safeName = (name: string | null | undefined) => {
  const trimmed = (name ?? '').replace(/[\\/]/g, '_').trim();
  return trimmed ? trimmed.slice(0, 255) : null;
};

export type MediaPlan = {
  inserts: NewAttachmentRow[];
  /** Checked uploads to move into storage under the insert's key. */
  moves: Array<{ tempPath: string; key: string }>;
  updates: Array<{ id: string; values: Partial<NewAttachmentRow> }>;
  deletes: AttachmentRow[];
  /** What the submission holds afterwards (for the listing rules). */
  after: Array<Pick<AttachmentRow, 'id' | 'kind'>>;
  errors: Array<{ path: string; message: string }>;
};

type PlanInput = {
  appId: string;
  submissionId: string;
  current: AttachmentRow[];
  body: SubmissionBody;
  uploads: Map<string, FormUpload>;
  maxBytes: Record<FileKind, number>;
  /** Resolves a media-host URL to a video of this app; null when it names none. */
  resolveVideo: (url: string) => Promise<{ url: string; name: string } | null>;
  now: Date;
};

/** Works out the media changes of a save without writing anything. */
export async function planMedia(input: PlanInput): Promise<MediaPlan> {
  const { body, current, uploads } = input;
  const plan: MediaPlan = { inserts: [], moves: [], updates: [], deletes: [], after: [], errors: [] };
  const fail = (path: string, message: string) => plan.errors.push({ path, message });
  const removed = new Set<string>();
  const byId = new Map(current.map((row) => [row.id, row]));

  for (const id of body.remove_media_ids ?? []) {
    if (!byId.has(id)) fail('remove_media_ids', MEDIA_MESSAGES.unknownMedia(id));
    else removed.add(id);
  }
  const kindOf = (kind: AttachmentRow['kind']) =>
    current.filter((row) => row.kind === kind && !removed.has(row.id));
  const nextPosition = (kind: AttachmentRow['kind']) =>
    Math.max(-1, ...kindOf(kind).map((row) => row.position)) + 1;

  const newFile = async (
    ref: string | undefined,
    path: string,
    kind: FileKind,
  ): Promise<CheckedFile | null> => {
    const upload = ref ? uploads.get(ref) : undefined;
    if (!upload || upload.kind !== kind) {
      fail(path, MEDIA_MESSAGES.missingFile);
      return null;
    }
    const checked = await checkUpload(upload, input.maxBytes[kind]);
    if (typeof checked === 'string') {
      fail(upload.field, checked);
      return null;
    }
    return checked;
  };
  const insertFile = (checked: CheckedFile, row: Omit<NewAttachmentRow, 'submissionId'>) => {
    const key = storageKeyFor(input.appId, checked.ext);
    plan.moves.push({ tempPath: checked.upload.tempPath, key });
    plan.inserts.push({
      ...row,
      id: randomUUID(),
      submissionId: input.submissionId,
      storageKey: key,
      contentType: checked.mime,
      byteSize: checked.upload.size,
      width: checked.width,
      height: checked.height,
      originalFilename: safeName(checked.upload.filename),
      createdAt: input.now,
    });
  };

  /** An item naming a saved one (by id) edits or removes it; answers whether it named one. */
  const editSaved = (item: SavedItem, path: string, kind: AttachmentRow['kind']) => {
    if (item.id === undefined) return false;
    const row = byId.get(item.id);
    if (row?.kind !== kind) fail(`${path}.id`, MEDIA_MESSAGES.unknownMedia(item.id));
    else if (item._destroy) removed.add(row.id);
    else plan.updates.push({ id: row.id, values: describe(item) });
    return true;
  };

  // The logo: a new one replaces the old; remove_small_logo drops it.
  const logos = kindOf('Logo');
  if (body.small_logo !== undefined) {
    const checked = await newFile(body.small_logo, 'small_logo', 'logo');
    if (checked) {
      for (const row of logos) removed.add(row.id);
      insertFile(checked, { kind: 'Logo', name: safeName(checked.upload.filename) });
    }
  } else if (body.remove_small_logo) for (const row of logos) removed.add(row.id);

  // Pictures: edits of saved ones (by id), new files, `_destroy`.
  let picturePosition = nextPosition('Picture');
  for (const [i, item] of (body.pictures_attributes ?? []).entries()) {
    const path = `pictures_attributes.${i}`;
    if (editSaved(item, path, 'Picture') || item._destroy) continue;
    const checked = await newFile(item.file, `${path}.file`, 'picture');
    if (checked)
      insertFile(checked, {
        kind: 'Picture',
        position: picturePosition++,
        name: safeName(item.name ?? checked.upload.filename),
        description: item.description ?? null,
      });
  }

  // Videos and the showcase video point at the media host.
  let videoPosition = nextPosition('Video');
  for (const [i, item] of (body.videos_attributes ?? []).entries()) {
    const path = `videos_attributes.${i}`;
    if (editSaved(item, path, 'Video') || item._destroy) continue;
    const video = item.external_url ? await input.resolveVideo(item.external_url) : null;
    if (!video) fail(`${path}.external_url`, MEDIA_MESSAGES.videoUrl);
    else plan.inserts.push(videoRow(input, 'Video', video, item, videoPosition++));
  }
  const showcase = body.showcase_video_attributes;
  if (showcase === null || showcase?._destroy) for (const row of kindOf('ShowcaseVideo')) removed.add(row.id);
  else if (showcase) {
    const video = showcase.external_url ? await input.resolveVideo(showcase.external_url) : null;
    const saved = kindOf('ShowcaseVideo')[0];
    if (!showcase.external_url && saved) plan.updates.push({ id: saved.id, values: describe(showcase) });
    else if (!video) fail('showcase_video_attributes.external_url', MEDIA_MESSAGES.videoUrl);
    else {
      for (const row of kindOf('ShowcaseVideo')) removed.add(row.id);
      plan.inserts.push(videoRow(input, 'ShowcaseVideo', video, showcase, 0));
    }
  }

  // The security questionnaire document (staff only; the service checks who sends it).
  const document = body.security_questionnaire_document_attributes;
  if (document === null || document?._destroy) for (const row of kindOf('Document')) removed.add(row.id);
  else if (document?.file !== undefined) {
    const checked = await newFile(
      document.file,
      'security_questionnaire_document_attributes.file',
      'document',
    );
    if (checked) {
      for (const row of kindOf('Document')) removed.add(row.id);
      insertFile(checked, { kind: 'Document', name: safeName(document.name ?? checked.upload.filename) });
    }
  }

  plan.deletes = current.filter((row) => removed.has(row.id));
  plan.after = [
    ...current.filter((row) => !removed.has(row.id)),
    ...plan.inserts.map((row) => ({ id: row.id!, kind: row.kind })),
  ];
  return plan;
}

type SavedItem = {
  id?: string | undefined;
  _destroy?: boolean | undefined;
  name?: string | null | undefined;
  description?: string | null | undefined;
};

const describe = (item: SavedItem) => ({
  ...(item.name !== undefined ? { name: safeName(item.name) } : {}),
  ...(item.description !== undefined ? { description: item.description } : {}),
});

function videoRow(
  input: PlanInput,
  kind: 'Video' | 'ShowcaseVideo',
  video: { url: string; name: string },
  item: { name?: string | null | undefined; description?: string | null | undefined },
  position: number,
): NewAttachmentRow {
  return {
    id: randomUUID(),
    submissionId: input.submissionId,
    kind,
    position,
    name: safeName(item.name ?? video.name),
    description: item.description ?? null,
    externalUrl: video.url,
    createdAt: input.now,
  };
}

/** Moves the plan's checked uploads into storage; on failure, what was already moved is removed. */
export async function storePlannedFiles(storage: Storage, plan: MediaPlan): Promise<void> {
  const done: string[] = [];
  try {
    for (const move of plan.moves) {
      await storage.putFile(move.key, move.tempPath);
      done.push(move.key);
    }
  } catch (error) {
    await Promise.all(done.map((key) => storage.delete(key).catch(() => {})));
    throw error;
  }
}

/** Files of a plan that did not go through (validation failed, or the write lost a race). */
export async function forgetPlannedFiles(storage: Storage, plan: MediaPlan): Promise<void> {
  await Promise.all(
    plan.moves.map(async (move) => {
      await rm(move.tempPath, { force: true });
      await storage.delete(move.key).catch(() => {});
    }),
  );
}
