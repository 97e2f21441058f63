import { type BucketTemplateInput, bucketTemplateErrors, IMPACT_PREVIEW_DAYS } from '@portal/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { gcraDecide, type Tat, templateCost } from '../../platform/rate-limit/gcra.ts';
import { findOauthApplication } from '../credentials/index.ts';
import { findBucketOr404 } from './quota.service.ts';
import { recentTraffic } from './quota.traffic-report.ts';

/** The preview's sentence (issue 25). */
export const impactMessage = (throttled: number, appName: string) =>
  `would have throttled ${throttled} requests from app ${appName} in the last ${IMPACT_PREVIEW_DAYS} days`;

/**
 * The impact preview: the bucket's recorded requests of the last 7 days (per minute, spread evenly
 * within each minute, cost 1) replayed through the proposed templates with the same arithmetic as
 * enforcement; how many would have been refused.
 */
export async function previewImpact(
  ctx: AppContext,
  server: string,
  id: string,
  proposed: BucketTemplateInput[],
) {
  const bucket = await findBucketOr404(ctx, server, id);
  const errors = bucketTemplateErrors(proposed, server);
  if (Object.keys(errors).length)
    throw new AppError('bad_request', Object.values(errors).join('; '), {
      errors: Object.values(errors),
      fields: Object.fromEntries(Object.entries(errors).map(([k, v]) => [`data.${k}`, [v]])),
    });
  const templates = proposed.map((t) => ({ name: t.name, limit: t.limit, intervalMs: t.interval_ms }));
  const costs = templates.map((t) => templateCost(t, 1));
  let states: Array<Tat | null> = templates.map(() => null);
  let requests = 0;
  let throttled = 0;
  for (const minute of await recentTraffic(ctx, bucket.id)) {
    const start = minute.minute.getTime();
    for (let k = 0; k < minute.requests; k++) {
      const decision = gcraDecide(
        templates,
        states,
        costs,
        start + Math.floor((k * 60_000) / minute.requests),
      );
      if (decision.allowed) states = decision.next;
      else throttled += 1;
    }
    requests += minute.requests;
  }
  const appName = (await findOauthApplication(ctx, bucket.domain))?.appInternalName ?? bucket.domain;
  return {
    app_name: appName,
    days: IMPACT_PREVIEW_DAYS,
    requests,
    would_throttle: throttled,
    message: impactMessage(throttled, appName),
  };
}
