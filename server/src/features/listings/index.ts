/**
 * A developer's marketplace listing and its workflow: fields, media, copies of the published
 * listing, review, the reviewer's message, hosted videos. The public catalogue reads it from here.
 */
export { type Actor, maySeeListingFile, submissionAccess } from './listings.access.ts';
export type { FileKind, FormUpload, SubmissionForm } from './listings.form.ts';
export {
  decideMarketplaceAccess,
  MARKETPLACE_ACCESS_MESSAGES,
  requestMarketplaceAccess,
} from './listings.marketplace-access.ts';
export {
  MEDIA_CACHE,
  mediaOf,
  mediaUrl,
  toAttachment,
} from './listings.present.ts';
export {
  type AttachmentRow,
  findAttachment,
  listAttachments,
  liveListingName,
  type SubmissionRow,
} from './listings.repo.ts';
export { categories } from './listings.rules.ts';
export { saveForApp, saveSubmission } from './listings.service.ts';
export { hostVideo } from './listings.videos.ts';
