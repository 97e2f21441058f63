/**
 * A version's place in its life: its environment, the review states and the state machine between
 * them, and the manifest header's status (spec developer-apps §4).
 */
import { compareManifestVersions, type VersionRef } from './semantic-versions.ts';

export const MANIFEST_ENVIRONMENTS = ['Sandbox', 'Production'] as const;
export type ManifestEnvironment = (typeof MANIFEST_ENVIRONMENTS)[number];

/**
 * Review states (spec developer-apps §4); `draft` appears only in a constants list of the original, never on
 * a version.
 */
export const REVIEW_STATES = ['confidential', 'in_review', 'published'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

// ---------------------------------------------------------------------------------------------
// Header status (spec developer-apps §4)

export type ManifestHeaderStatus = {
  key: 'draft' | 'ready_for_testing' | 'promoted' | 'approved' | 'under_review' | 'unknown';
  label: 'Draft' | 'Ready for Testing' | 'Promoted' | 'Approved Version' | 'Under Review' | 'Unknown State';
  color: 'blue' | 'magenta' | 'green' | 'yellow' | 'red';
  /** The Promote button is shown only when the newest sandbox version is ready for testing. */
  canPromote: boolean;
};

const HEADER = {
  draft: { key: 'draft', label: 'Draft', color: 'blue', canPromote: false },
  ready_for_testing: {
    key: 'ready_for_testing',
    label: 'Ready for Testing',
    color: 'magenta',
    canPromote: true,
  },
  promoted: { key: 'promoted', label: 'Promoted', color: 'green', canPromote: false },
  approved: { key: 'approved', label: 'Approved Version', color: 'green', canPromote: false },
  under_review: { key: 'under_review', label: 'Under Review', color: 'yellow', canPromote: false },
  unknown: { key: 'unknown', label: 'Unknown State', color: 'red', canPromote: false },
} as const satisfies Record<ManifestHeaderStatus['key'], ManifestHeaderStatus>;

/**
 * The manifest header's status from the newest sandbox and the newest production manifest: no
 * sandbox → Draft; sandbox newer than production (or no production) → Ready for Testing; equal
 * versions follow the production state; a lower or different sandbox version → Unknown State.
 */
export function manifestHeaderStatus(
  newestSandbox: VersionRef | null | undefined,
  newestProduction: (VersionRef & { state: string }) | null | undefined,
): ManifestHeaderStatus {
  if (!newestSandbox) return HEADER.draft;
  if (!newestProduction) return HEADER.ready_for_testing;
  const order = compareManifestVersions(newestSandbox, newestProduction);
  if (order > 0) return HEADER.ready_for_testing;
  if (order !== 0) return HEADER.unknown;
  if (newestProduction.state === 'confidential') return HEADER.promoted;
  if (newestProduction.state === 'published') return HEADER.approved;
  if (newestProduction.state === 'in_review') return HEADER.under_review;
  return HEADER.unknown;
}

// ---------------------------------------------------------------------------------------------
// Review state machine (spec developer-apps §4)

export type ReviewActor = 'developer' | 'admin';
export type ReviewEvent = 'submitted' | 'withdrawn' | 'approved' | 'rejected';

/** Every allowed transition. Developers (owner, admins of the app) submit and withdraw; staff review. */
export const REVIEW_TRANSITIONS = [
  { event: 'submitted', actor: 'developer', from: 'confidential', to: 'in_review' },
  { event: 'withdrawn', actor: 'developer', from: 'in_review', to: 'confidential' },
  { event: 'approved', actor: 'admin', from: 'in_review', to: 'published' },
  { event: 'rejected', actor: 'admin', from: 'in_review', to: 'confidential' },
] as const satisfies ReadonlyArray<{
  event: ReviewEvent;
  actor: ReviewActor;
  from: ReviewState;
  to: ReviewState;
}>;

const STATE_LABEL: Record<ReviewState, string> = {
  confidential: 'confidential (not in review)',
  in_review: 'in review',
  published: 'published',
};

export type ReviewTransitionResult = { ok: true; event: ReviewEvent } | { ok: false; message: string };

/** Whether an actor may move a version from one state to another, and if not, why (the 409 message). */
export function reviewTransition(
  from: ReviewState,
  to: ReviewState,
  actor: ReviewActor,
): ReviewTransitionResult {
  const allowed = REVIEW_TRANSITIONS.find((t) => t.actor === actor && t.from === from && t.to === to);
  if (allowed) return { ok: true, event: allowed.event };
  if (from === to) return { ok: false, message: `This version is already ${STATE_LABEL[to]}` };
  if (actor === 'admin')
    return { ok: false, message: 'Only a version in review can be approved or rejected' };
  if (to === 'published') return { ok: false, message: 'Only a platform admin can approve a version' };
  return {
    ok: false,
    message: 'A published version cannot be submitted or withdrawn; create and promote a new version instead',
  };
}

export type ReviewAction = 'submit' | 'withdraw' | 'approve' | 'reject';

/**
 * The review buttons a production version shows (spec developer-apps §4): Submit when submittable, Withdraw
 * when in review; platform admins get Approve and Reject for a version in review instead of Withdraw.
 */
export function reviewActions(
  version: { state: ReviewState; submittable: boolean },
  viewer: { canModifyManifests: boolean; isPlatformAdmin: boolean },
): ReviewAction[] {
  if (version.state === 'in_review') {
    if (viewer.isPlatformAdmin) return ['approve', 'reject'];
    return viewer.canModifyManifests ? ['withdraw'] : [];
  }
  return version.submittable && viewer.canModifyManifests ? ['submit'] : [];
}
