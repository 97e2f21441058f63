import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs.ts';
import { resealSecrets } from './credentials.service.ts';

/** Queued at every start: re-seals secrets a previous key sealed, so that key can be retired. */
export const resealSecretsJob = defineJob({
  name: 'credentials.reseal',
  schema: z.object({}),
  handler: async (_data, ctx: AppContext) => {
    await resealSecrets(ctx);
  },
});
