/**
 * A listing save changes fields and makes at most one named move through review: `withdraw`
 * (`state: draft`), `submit` (`state: in_review`) or, staff only, `review` (`approval_state`
 * approved or rejected, optionally `silent`). The route names the move a request asks for.
 */
import type { SubmissionBody } from '@portal/contracts';
import { validationError } from '../../platform/http/validation.ts';

export type ListingMove =
  | { name: 'withdraw' }
  | { name: 'submit' }
  | { name: 'review'; outcome: 'approved' | 'rejected'; silent: boolean };

/** The body's keys that ask for a move rather than change a field. */
export const MOVE_KEYS: ReadonlySet<string> = new Set(['state', 'approval_state', 'silent']);

export const ONE_MOVE_MESSAGE = 'A save makes one move: send state or approval_state, not both';

/**
 * The move a save asks for, or null. `approval_state` is a move only from staff (from anyone else it
 * is a staff-only field, refused when it differs from the listing's). Two moves are refused (422).
 */
export function requestedMove(body: SubmissionBody, staff: boolean): ListingMove | null {
  const review = staff && body.approval_state !== undefined;
  if (body.state && review) throw validationError({ approval_state: [ONE_MOVE_MESSAGE] });
  if (body.state === 'draft') return { name: 'withdraw' };
  if (body.state === 'in_review') return { name: 'submit' };
  if (staff && body.approval_state)
    return { name: 'review', outcome: body.approval_state, silent: body.silent ?? false };
  return null;
}
