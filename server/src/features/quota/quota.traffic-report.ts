import { IMPACT_PREVIEW_DAYS } from '@portal/contracts';
import type { AppContext } from '../../platform/context.ts';
import * as repo from './quota.repo.ts';
import { findBucketOr404 } from './quota.service.ts';
import { flushTraffic } from './quota.traffic.ts';

const DAY_MS = 86_400_000;

/** A bucket's recorded minutes of the last IMPACT_PREVIEW_DAYS days (this instance's counts written first). */
export async function recentTraffic(ctx: AppContext, bucketId: string) {
  await flushTraffic(ctx);
  const today = Math.floor(ctx.clock.now().getTime() / DAY_MS) * DAY_MS;
  return repo.trafficSince(ctx, bucketId, new Date(today - (IMPACT_PREVIEW_DAYS - 1) * DAY_MS));
}

/** The page's counts per day (UTC), newest first: requests, refused and would-be refused (shadow). */
export async function bucketTraffic(ctx: AppContext, server: string, id: string) {
  const bucket = await findBucketOr404(ctx, server, id);
  const days = new Map<string, { day: string; requests: number; refused: number; would_refuse: number }>();
  for (const minute of await recentTraffic(ctx, bucket.id)) {
    const day = minute.minute.toISOString().slice(0, 10);
    const total = days.get(day) ?? { day, requests: 0, refused: 0, would_refuse: 0 };
    total.requests += minute.requests;
    total.refused += minute.refused;
    total.would_refuse += minute.wouldRefuse;
    days.set(day, total);
  }
  return { days: [...days.values()].reverse() };
}
