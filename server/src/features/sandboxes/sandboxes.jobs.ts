import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs.ts';
import { buildSandbox } from './sandboxes.service.ts';

/** Builds a pending sandbox; failures mark it failed (the owner can generate it again). */
export const provisionSandboxJob = defineJob({
  name: 'sandboxes.provision',
  schema: z.object({ sandboxId: z.string().uuid() }),
  retry: { retryLimit: 0 },
  handler: async ({ sandboxId }, ctx: AppContext) => {
    await buildSandbox(ctx, sandboxId);
  },
});
