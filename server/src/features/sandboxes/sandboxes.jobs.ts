import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs.ts';
import { buildSandbox } from './sandboxes.build.ts';

/**
 * Builds a pending sandbox. A run that dies (the process killed, the database gone) is retried; the
 * build is safe to repeat (see buildSandbox).
 */
export const provisionSandboxJob = defineJob({
  name: 'sandboxes.provision',
  schema: z.object({ sandboxId: z.string().uuid() }),
  retry: { retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: 120 },
  handler: async ({ sandboxId }, ctx: AppContext, job) => {
    await buildSandbox(ctx, sandboxId, { finalAttempt: job.isLastAttempt });
  },
});
