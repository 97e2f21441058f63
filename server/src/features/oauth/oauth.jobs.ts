import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs.ts';
import { deleteExpiredOauthTokens } from '../credentials/index.ts';

/** Removes expired codes, tokens, grants and interactions, a batch at a time. */
export async function sweepExpiredOauthTokens(ctx: AppContext) {
  let swept = 0;
  for (;;) {
    const batch = await deleteExpiredOauthTokens(ctx, 1000);
    swept += batch;
    if (batch < 1000) break;
  }
  if (swept) ctx.log.info({ swept }, 'swept expired OAuth tokens');
  return swept;
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Queued at every start; each run queues the next one an hour later (one at a time: singleton key). */
export const oauthExpirySweepJob = defineJob({
  name: 'oauth.sweep-expired',
  schema: z.object({}),
  handler: async (_data, ctx: AppContext) => {
    await sweepExpiredOauthTokens(ctx);
    await queueOauthSweep(ctx, new Date(Date.now() + SWEEP_EVERY_MS));
  },
});

export function queueOauthSweep(ctx: AppContext, startAfter?: Date) {
  return ctx.jobs.send(
    oauthExpirySweepJob,
    {},
    { singletonKey: 'oauth.sweep-expired', ...(startAfter ? { startAfter } : {}) },
  );
}
