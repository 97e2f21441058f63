/**
 * What a review change leaves behind besides its mail: the tracking event, and for a staff decision
 * the entry on the app's audit history, with the state before and after.
 */
import type { AuditAction } from '@portal/contracts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { recordEvent } from '../analytics/index.ts';
import { recordAudit } from '../audit/index.ts';

export type ReviewChange = {
  appId: string;
  /** The analytics event (spec developer-apps §7): its key and properties. */
  event: { key: string; properties: Record<string, unknown> };
  /** A staff decision's audit entry; `keep` names fields recorded even when unchanged. */
  audit?:
    | {
        action: AuditAction;
        before: Record<string, unknown>;
        after: Record<string, unknown>;
        keep?: string[];
      }
    | undefined;
};

export async function recordReviewChange(
  ctx: AppContext,
  user: SessionUser,
  change: ReviewChange,
): Promise<void> {
  const { audit } = change;
  if (audit)
    await recordAudit(
      ctx,
      user,
      audit.action,
      { type: 'developer_app', id: change.appId },
      audit.before,
      audit.after,
      audit.keep,
    );
  await recordEvent(ctx, user.id, { key: change.event.key, additional_properties: change.event.properties });
}
