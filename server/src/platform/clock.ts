/** The source of "now" for rules that depend on time; tests swap in a controllable one. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export function createTestClock(start = new Date('2026-01-15T12:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date: Date | string) => {
      current = new Date(date).getTime();
    },
    advance: (ms: number) => {
      current += ms;
    },
  };
}
