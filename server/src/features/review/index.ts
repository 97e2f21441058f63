/**
 * One review for manifests and listings: who hears about a change and the mail it sends (one key
 * format), the event and audit entry a change leaves, and the review queue's state on the app.
 * Each kind keeps its own states and transitions.
 */
export { type ReviewChange, recordReviewChange } from './review.decision.ts';
export { reviewMail } from './review.mail.ts';
export { notifyReview, type ReviewKind, type ReviewNotice } from './review.notify.ts';
export { appInReview, hasPublishedListing, inReviewAtKey } from './review.queue.ts';
