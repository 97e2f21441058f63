import { AnalyticsEventBody } from '@portal/contracts';
import { Ok } from '../../platform/http/ok.ts';
import type { App } from '../../platform/http/route.ts';
import { recordEvent } from './analytics.service.ts';

export async function analyticsRoutes(app: App) {
  app.post(
    '/analytics',
    {
      config: { access: 'public' },
      bodyLimit: 8 * 1024,
      schema: { body: AnalyticsEventBody, response: { 202: Ok } },
    },
    async (request, reply) => {
      await recordEvent(app.ctx, request.user?.id ?? null, request.body);
      return reply.status(202).send({ ok: true });
    },
  );
}
