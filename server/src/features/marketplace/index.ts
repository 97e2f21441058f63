/** Marketplace listings: the developer's listing and its review, and the public catalogue. */
export { mediaStorage } from './marketplace.storage.ts';
export { hostVideo } from './marketplace.videos.ts';
export type { FileKind, FormUpload, SubmissionForm } from './submissions.form.ts';
export { saveForApp, saveSubmission } from './submissions.service.ts';
