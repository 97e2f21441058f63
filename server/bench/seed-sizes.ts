// How much the bench seeds: a size per table from BENCH_ROWS (and BENCH_OTHER_APPS).

export type SeedSizes = {
  announcements: number;
  users: number;
  outbox: number;
  /** Apps of the bench developer (My Apps). */
  apps: number;
  /** Apps of other users: with `apps`, the admin lists' million. */
  otherApps: number;
  /** One app in this many has a marketplace listing (in review, published or a draft). */
  listingEvery: number;
  /** Changelog entries (issue 27 measures its filters at 100,000). */
  changelog: number;
};

/**
 * `rows` developers, announcements, e-mails and apps; 1 % of the apps are the bench developer's.
 * `otherApps` (`BENCH_OTHER_APPS`) sets the other users' apps instead: 0 seeds issue #8's sizes
 * alone (no million apps, OAuth clients and sandboxes for the admin lists).
 */
export const seedSizes = (rows: number, otherApps = otherAppsFromEnv()): SeedSizes => {
  const apps = Math.max(10, Math.round(rows / 100));
  return {
    announcements: rows,
    users: rows,
    outbox: rows,
    apps,
    otherApps: otherApps ?? Math.max(10, rows - apps),
    listingEvery: 100,
    changelog: Math.min(rows, 100_000),
  };
};

function otherAppsFromEnv(): number | undefined {
  const value = process.env.BENCH_OTHER_APPS;
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`BENCH_OTHER_APPS must be a whole number ≥ 0, not ${value}`);
  return n;
}
