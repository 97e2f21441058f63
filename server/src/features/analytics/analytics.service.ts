import type { AnalyticsEventBody } from '@portal/contracts';
import { analyticsEvents } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';

/** Stores one analytics event with who sent it and when. */
export async function recordEvent(
  ctx: AppContext,
  userId: string | null,
  event: AnalyticsEventBody,
): Promise<void> {
  await ctx.db.insert(analyticsEvents).values({
    key: event.key,
    properties: event.additional_properties,
    userId,
    createdAt: ctx.clock.now(),
  });
}
