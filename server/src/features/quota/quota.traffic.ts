import { IMPACT_PREVIEW_DAYS } from '@portal/contracts';
import type { AppContext } from '../../platform/context.ts';
import { defineCounter } from '../../platform/counters.ts';
import * as repo from './quota.repo.ts';

/** Counted traffic reaches the table within this (the page shows shadow counts within 5 s). */
export const TRAFFIC_FLUSH_MS = 1_000;
const KEEP_MS = (IMPACT_PREVIEW_DAYS + 1) * 86_400_000;

const prunedAt = new WeakMap<AppContext['db'], number>();

const traffic = defineCounter<repo.TrafficCount>({
  name: 'quota traffic',
  flushMs: TRAFFIC_FLUSH_MS,
  keyOf: (count) => `${count.bucketId}\n${count.minute.getTime()}`,
  merge(into, from) {
    into.requests += from.requests;
    into.refused += from.refused;
    into.wouldRefuse += from.wouldRefuse;
  },
  write: repo.addTraffic,
  async afterWrite(ctx) {
    const now = ctx.clock.now().getTime();
    if (now - (prunedAt.get(ctx.db) ?? 0) <= 3_600_000) return;
    prunedAt.set(ctx.db, now);
    await repo.pruneTraffic(ctx, new Date(now - KEEP_MS));
  },
});

/**
 * Counts one checked request of a bucket in its minute (in memory, written at most a second later in
 * one statement): the page's counts per day and the impact preview's replay read these minutes.
 */
export function countRequest(
  ctx: AppContext,
  bucketId: string,
  outcome: 'admitted' | 'refused' | 'would_refuse',
) {
  traffic.add(ctx, {
    bucketId,
    minute: new Date(Math.floor(ctx.clock.now().getTime() / 60_000) * 60_000),
    requests: 1,
    refused: outcome === 'refused' ? 1 : 0,
    wouldRefuse: outcome === 'would_refuse' ? 1 : 0,
  });
}

/** Writes what was counted (tests call it instead of waiting). Counts that fail to write are kept for the next flush. */
export const flushTraffic = (ctx: AppContext): Promise<void> => traffic.flush(ctx);
