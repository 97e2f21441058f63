import { type BucketTemplateInput, bucketTemplateErrors, IMPACT_PREVIEW_DAYS } from '@portal/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { gcraDecide, type Tat, templateCost } from '../../platform/rate-limit/gcra.ts';
import { findOauthApplication } from '../credentials/index.ts';
import { apiCallsPerDay } from '../usage/index.ts';
import { findBucketOr404 } from './quota.service.ts';
import { recentTraffic } from './quota.traffic-report.ts';

/** The preview's sentence (issue 25). */
export const impactMessage = (throttled: number, appName: string) =>
  `would have throttled ${throttled} requests from app ${appName} in the last ${IMPACT_PREVIEW_DAYS} days`;

const DAY_MS = 86_400_000;

/**
 * What the preview replays, oldest first: the bucket's recorded minutes, and before the bucket existed
 * (its first day in the window has no minutes of its own), the app's platform API calls per day from
 * its API usage counts (issue 26), each day one span spread evenly over 24 hours. Why, and what that
 * estimate misses: docs/decisions.md "The impact preview reads API usage".
 */
async function replayedSpans(ctx: AppContext, bucket: { id: string; domain: string; createdAt: Date }) {
  const minutes = (await recentTraffic(ctx, bucket.id)).map((m) => ({
    start: m.minute.getTime(),
    ms: 60_000,
    requests: m.requests,
  }));
  const application = await findOauthApplication(ctx, bucket.domain);
  const today = Math.floor(ctx.clock.now().getTime() / DAY_MS) * DAY_MS;
  const windowStart = today - (IMPACT_PREVIEW_DAYS - 1) * DAY_MS;
  const bucketDay = Math.floor(bucket.createdAt.getTime() / DAY_MS) * DAY_MS;
  if (!application || bucketDay <= windowStart) return { application, spans: minutes, fromUsage: 0 };
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const before = await apiCallsPerDay(
    ctx,
    application.developerAppId,
    day(windowStart),
    day(bucketDay - DAY_MS),
  );
  const days = before.map((row) => ({
    start: Date.parse(`${row.date}T00:00:00Z`),
    ms: DAY_MS,
    requests: row.count,
  }));
  return {
    application,
    spans: [...days, ...minutes],
    fromUsage: days.reduce((sum, d) => sum + d.requests, 0),
  };
}

/**
 * The impact preview: the bucket's recorded requests of the last 7 days (per minute, spread evenly
 * within each minute, cost 1) — and the app's API usage per day before the bucket existed — replayed
 * through the proposed templates with the same arithmetic as enforcement; how many would have been
 * refused.
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
  const { application, spans, fromUsage } = await replayedSpans(ctx, bucket);
  for (const span of spans) {
    for (let k = 0; k < span.requests; k++) {
      const at = span.start + Math.floor((k * span.ms) / span.requests);
      const decision = gcraDecide(templates, states, costs, at);
      if (decision.allowed) states = decision.next;
      else throttled += 1;
    }
    requests += span.requests;
  }
  const appName = application?.appInternalName ?? bucket.domain;
  return {
    app_name: appName,
    days: IMPACT_PREVIEW_DAYS,
    requests,
    would_throttle: throttled,
    requests_from_api_usage: fromUsage,
    message: impactMessage(throttled, appName),
  };
}
