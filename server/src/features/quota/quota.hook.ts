import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../platform/context.ts';
import { checkQuota, type QuotaCheck, rateLimited } from './quota.check.ts';

export type QuotaHookOptions = {
  ctx: AppContext;
  /**
   * Which client and server a request is charged to (the OAuth issue: from the access token), or null
   * for a request no bucket applies to.
   */
  resolve(request: FastifyRequest): QuotaCheck | null | Promise<QuotaCheck | null>;
};

/**
 * The rate-limit buckets in front of the platform API (the OAuth issue registers it on that scope;
 * never on the portal's own /api): every request charged before its handler, the rate-limit headers
 * on every answer, 429 with Retry-After past the limit.
 */
const plugin: FastifyPluginAsync<QuotaHookOptions> = async (app, options) => {
  app.addHook('onRequest', async (request, reply) => {
    const check = await options.resolve(request);
    if (!check) return;
    const outcome = await checkQuota(options.ctx, check);
    reply.headers(outcome.headers);
    if (!outcome.allowed) throw rateLimited(outcome);
  });
};

// fastify-plugin: the hook applies to the scope that registers it (and only there).
export const quotaHook = fp(plugin, { name: 'quota-hook' });
