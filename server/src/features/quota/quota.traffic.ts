import { IMPACT_PREVIEW_DAYS } from '@portal/contracts';
import type { AppContext } from '../../platform/context.ts';
import * as repo from './quota.repo.ts';

/** Counted traffic reaches the table within this (the page shows shadow counts within 5 s). */
export const TRAFFIC_FLUSH_MS = 1_000;
const KEEP_MS = (IMPACT_PREVIEW_DAYS + 1) * 86_400_000;

type Pending = Map<string, repo.TrafficCount>;
type Recorder = {
  pending: Pending;
  timer: NodeJS.Timeout | undefined;
  flushing: Promise<void>;
  prunedAt: number;
};
const recorders = new WeakMap<AppContext['db'], Recorder>();

function recorderOf(ctx: AppContext): Recorder {
  let recorder = recorders.get(ctx.db);
  if (!recorder) {
    recorder = { pending: new Map(), timer: undefined, flushing: Promise.resolve(), prunedAt: 0 };
    recorders.set(ctx.db, recorder);
  }
  return recorder;
}

/**
 * Counts one checked request of a bucket in its minute (in memory, written at most a second later in
 * one statement): the page's counts per day and the impact preview's replay read these minutes.
 */
export function countRequest(
  ctx: AppContext,
  bucketId: string,
  outcome: 'admitted' | 'refused' | 'would_refuse',
) {
  const recorder = recorderOf(ctx);
  const minuteMs = Math.floor(ctx.clock.now().getTime() / 60_000) * 60_000;
  const key = `${bucketId}\n${minuteMs}`;
  let count = recorder.pending.get(key);
  if (!count) {
    count = { bucketId, minute: new Date(minuteMs), requests: 0, refused: 0, wouldRefuse: 0 };
    recorder.pending.set(key, count);
  }
  count.requests += 1;
  if (outcome === 'refused') count.refused += 1;
  if (outcome === 'would_refuse') count.wouldRefuse += 1;
  if (!recorder.timer) {
    recorder.timer = setTimeout(() => void flushTraffic(ctx), TRAFFIC_FLUSH_MS);
    recorder.timer.unref();
  }
}

/** Writes what was counted (tests call it instead of waiting). Counts that fail to write are kept for the next flush. */
export async function flushTraffic(ctx: AppContext): Promise<void> {
  const recorder = recorderOf(ctx);
  clearTimeout(recorder.timer);
  recorder.timer = undefined;
  const run = recorder.flushing.then(async () => {
    const batch = [...recorder.pending.values()];
    recorder.pending.clear();
    try {
      await repo.addTraffic(ctx, batch);
      const now = ctx.clock.now().getTime();
      if (now - recorder.prunedAt > 3_600_000) {
        recorder.prunedAt = now;
        await repo.pruneTraffic(ctx, new Date(now - KEEP_MS));
      }
    } catch (error) {
      ctx.log.warn({ err: error }, 'quota: traffic counts not written yet; retrying');
      for (const count of batch) {
        const key = `${count.bucketId}\n${count.minute.getTime()}`;
        const newer = recorder.pending.get(key);
        if (newer) {
          newer.requests += count.requests;
          newer.refused += count.refused;
          newer.wouldRefuse += count.wouldRefuse;
        } else recorder.pending.set(key, count);
      }
      if (!recorder.timer) {
        recorder.timer = setTimeout(() => void flushTraffic(ctx), TRAFFIC_FLUSH_MS * 5);
        recorder.timer.unref();
      }
    }
  });
  recorder.flushing = run;
  return run;
}
