import type {
  AppSubmissions,
  Attachment,
  Category,
  MarketplaceListing,
  MarketplaceListingSummary,
  Submission,
  VideoUpload,
} from '@portal/contracts';
import { MARKETPLACE_PER_PAGE } from '@portal/contracts/limits';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api, apiPage, apiUpload, type UploadProgress } from '../../lib/api.ts';
import { type ListState, listSearch } from '../../lib/list-search.ts';
import { auditKeys } from '../../lib/query-keys.ts';
import type { MediaKind } from './listing-form.ts';

/** Who edits: the app's people (`/api/v1/...`) or platform staff (`/api/v1/admin/...`). */
export type EditorMode = 'developer' | 'admin';

const prefix = (mode: EditorMode) => (mode === 'admin' ? '/admin' : '');

export const marketplaceKeys = {
  all: ['marketplace'] as const,
  submissions: (mode: EditorMode, appId: string) =>
    [...marketplaceKeys.all, 'submissions', mode, appId] as const,
  public: () => [...marketplaceKeys.all, 'public'] as const,
};

/** The app's listing: the published one and the unpublished one (docs/marketplace-api.md). */
export const submissionsQuery = (mode: EditorMode, appId: string) =>
  queryOptions({
    queryKey: marketplaceKeys.submissions(mode, appId),
    queryFn: () => api<AppSubmissions>(`${prefix(mode)}/developer_apps/${appId}/submissions`),
  });

export const categoriesQuery = queryOptions({
  queryKey: ['categories'],
  queryFn: () => api<Category[]>('/categories'),
  staleTime: 10 * 60_000,
});

/**
 * Saves the listing: the unpublished submission is updated; with none (or only a published one) a
 * new one is created. JSON for fields, FormData for files.
 */
export function saveSubmission(
  mode: EditorMode,
  appId: string,
  unpublishedId: string | null,
  body: Record<string, unknown> | FormData,
  onProgress?: UploadProgress,
): Promise<Submission> {
  const path = unpublishedId
    ? `${prefix(mode)}/submissions/${unpublishedId}`
    : `${prefix(mode)}/developer_apps/${appId}/submissions`;
  const method = unpublishedId ? 'PATCH' : 'POST';
  if (body instanceof FormData && onProgress)
    return apiUpload<Submission>(path, body, { method, onProgress });
  return api<Submission>(path, { method, body });
}

/** A video to the media host; its `url` is then saved on the listing. */
export const uploadVideo = (appId: string, file: File, onProgress: UploadProgress) => {
  const form = new FormData();
  form.set('file', file);
  form.set('name', file.name);
  return apiUpload<VideoUpload>(`/videos?developer_app_id=${encodeURIComponent(appId)}`, form, {
    onProgress,
  });
};

/** A review transition (submit, withdraw, approve, reject): `PATCH` of the listing's submission. */
export const transitionSubmission = (mode: EditorMode, submissionId: string, body: Record<string, unknown>) =>
  api<Submission>(`${prefix(mode)}/submissions/${submissionId}`, { method: 'PATCH', body });

/**
 * One write to the listing: `save` is handed the id of the unpublished listing when the write's turn
 * comes (null: there is none yet, so the save creates it). The editor runs its writes one at a time.
 */
export type ListingWrite = (
  save: (unpublishedId: string | null) => Promise<Submission>,
) => Promise<Submission>;

/**
 * A dropped file saved on the listing at once: a video goes to the media host (no write to the
 * listing, so it need not wait its turn) and its URL is saved; the logo, a screenshot or the
 * questionnaire document is sent as multipart, with progress.
 */
export async function uploadListingMedia(
  mode: EditorMode,
  appId: string,
  kind: MediaKind,
  file: File,
  onProgress: UploadProgress,
  write: ListingWrite,
): Promise<Submission> {
  if (kind === 'showcase_video' || kind === 'video') {
    const video = await uploadVideo(appId, file, onProgress);
    const attributes = { external_url: video.url, name: video.name };
    return await write((unpublishedId) =>
      saveSubmission(
        mode,
        appId,
        unpublishedId,
        kind === 'showcase_video'
          ? { showcase_video_attributes: attributes }
          : { videos_attributes: [attributes] },
      ),
    );
  }
  const form = new FormData();
  if (kind === 'logo') form.set('submission[small_logo]', file);
  else if (kind === 'document')
    form.set('submission[security_questionnaire_document_attributes][file]', file);
  else {
    form.set('submission[pictures_attributes][0][file]', file);
    form.set('submission[pictures_attributes][0][name]', file.name);
  }
  return await write((unpublishedId) => saveSubmission(mode, appId, unpublishedId, form, onProgress));
}

/** A saved file taken off the listing: the logo by its flag, any other by its id. */
export const removeListingMedia = (
  mode: EditorMode,
  appId: string,
  unpublishedId: string | null,
  kind: MediaKind,
  attachment: Attachment,
) =>
  saveSubmission(
    mode,
    appId,
    unpublishedId,
    kind === 'logo' ? { remove_small_logo: true } : { remove_media_ids: [attachment.id] },
  );

/** A saved listing into the cache: a published one is the only one left, else it is the unpublished one. */
export function storeSubmission(client: QueryClient, mode: EditorMode, appId: string, saved: Submission) {
  client.setQueryData<AppSubmissions>(marketplaceKeys.submissions(mode, appId), (current) =>
    saved.state === 'published'
      ? { published_app: saved, unpublished_app: null }
      : { published_app: current?.published_app ?? null, unpublished_app: saved },
  );
  void client.invalidateQueries({ queryKey: marketplaceKeys.all });
  // A staff save or decision is on the admin page's History.
  if (mode === 'admin') void client.invalidateQueries({ queryKey: auditKeys.all });
}

export type MarketplaceFilters = 'search' | 'category' | 'region';

/** A page of the public marketplace: published listings, searched and filtered. */
export const marketplaceListQuery = ({ page, cursor, filters }: ListState<MarketplaceFilters>) =>
  queryOptions({
    queryKey: [...marketplaceKeys.public(), 'list', { page, cursor, filters }],
    queryFn: () =>
      apiPage<MarketplaceListingSummary>(
        `/marketplace/apps?${listSearch({ page, cursor }, MARKETPLACE_PER_PAGE, [
          ['filters[search]', filters.search],
          ['filters[category_id]', filters.category],
          ['filters[region]', filters.region],
        ])}`,
      ),
    placeholderData: keepPreviousData,
  });

export const marketplaceListingQuery = (slug: string) =>
  queryOptions({
    queryKey: [...marketplaceKeys.public(), 'listing', slug],
    queryFn: () => api<MarketplaceListing>(`/marketplace/apps/${encodeURIComponent(slug)}`),
  });

export const marketplacePreviewQuery = (submissionId: string) =>
  queryOptions({
    queryKey: [...marketplaceKeys.public(), 'preview', submissionId],
    queryFn: () => api<MarketplaceListing>(`/marketplace/previews/${encodeURIComponent(submissionId)}`),
  });
