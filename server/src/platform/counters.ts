/**
 * Counts kept in memory and written in batches: a hot path (every platform API call, every bucket
 * check) adds to a map keyed by what the table's unique key is, and a timer writes the map in one
 * statement that adds to the stored counts. Never a row or a write per request.
 *
 * - Flushes of one counter run one after another (each takes what is pending when its turn comes),
 *   so concurrent flush calls never write a count twice.
 * - A failed write keeps its counts (merged with newer ones) for a later flush: nothing is lost while
 *   the database is away.
 * - `flushCounters(ctx)` writes every counter at once; the app calls it when it closes (before the
 *   database does), so a drained process leaves nothing behind.
 */
import type { AppContext } from './context.ts';

export type CounterSpec<C> = {
  /** For the log line of a failed write. */
  name: string;
  /** Counts reach the table within this. */
  flushMs: number;
  /** Counts with the same key are added together (the table's unique key). */
  keyOf(count: C): string;
  /** Adds `from` into `into`. */
  merge(into: C, from: C): void;
  /** Writes a batch in one statement, adding to the stored counts. */
  write(ctx: AppContext, batch: C[]): Promise<void>;
  /** After a successful write (housekeeping, e.g. pruning). */
  afterWrite?(ctx: AppContext): Promise<void>;
  /** Flush at once when this many keys are pending (bounds memory); 10,000 by default. */
  maxPending?: number;
};

export type Counter<C> = {
  /** Adds one count (the object is kept or merged; pass a fresh one). */
  add(ctx: AppContext, count: C): void;
  /** Writes what is pending now (tests call it instead of waiting). */
  flush(ctx: AppContext): Promise<void>;
  /** How many keys wait for the next flush. */
  pending(ctx: AppContext): number;
};

type State<C> = { pending: Map<string, C>; timer: NodeJS.Timeout | undefined; flushing: Promise<void> };

const everyCounter = new Set<Counter<never>>();

export function defineCounter<C>(spec: CounterSpec<C>): Counter<C> {
  // Per database: test apps in one process each keep their own counts.
  const states = new WeakMap<AppContext['db'], State<C>>();
  const stateOf = (ctx: AppContext) => {
    let state = states.get(ctx.db);
    if (!state) {
      state = { pending: new Map(), timer: undefined, flushing: Promise.resolve() };
      states.set(ctx.db, state);
    }
    return state;
  };
  const schedule = (ctx: AppContext, state: State<C>, ms: number) => {
    if (state.timer) return;
    state.timer = setTimeout(() => void counter.flush(ctx), ms);
    state.timer.unref();
  };
  const put = (pending: Map<string, C>, count: C) => {
    const key = spec.keyOf(count);
    const known = pending.get(key);
    if (known) spec.merge(known, count);
    else pending.set(key, count);
  };

  const counter: Counter<C> = {
    add(ctx, count) {
      const state = stateOf(ctx);
      put(state.pending, count);
      if (state.pending.size >= (spec.maxPending ?? 10_000)) void counter.flush(ctx);
      else schedule(ctx, state, spec.flushMs);
    },
    flush(ctx) {
      const state = stateOf(ctx);
      clearTimeout(state.timer);
      state.timer = undefined;
      const run = state.flushing.then(async () => {
        if (!state.pending.size) return;
        const batch = [...state.pending.values()];
        state.pending.clear();
        try {
          await spec.write(ctx, batch);
        } catch (error) {
          ctx.log.warn({ err: error }, `${spec.name}: counts not written yet; retrying`);
          const newer = state.pending;
          state.pending = new Map();
          for (const count of [...batch, ...newer.values()]) put(state.pending, count);
          schedule(ctx, state, spec.flushMs * 5);
          return;
        }
        await spec.afterWrite?.(ctx).catch((error: unknown) => {
          ctx.log.warn({ err: error }, `${spec.name}: housekeeping after a flush failed`);
        });
      });
      state.flushing = run;
      return run;
    },
    pending: (ctx) => stateOf(ctx).pending.size,
  };
  everyCounter.add(counter as Counter<never>);
  return counter;
}

/** Writes every counter's pending counts (the app's close hook, before the database closes). */
export async function flushCounters(ctx: AppContext): Promise<void> {
  await Promise.all([...everyCounter].map((counter) => counter.flush(ctx)));
}
