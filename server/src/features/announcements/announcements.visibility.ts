import type { AppContext } from '../../platform/context.ts';

/** Today's date (`YYYY-MM-DD`) in the portal's time zone. */
export function portalToday(ctx: AppContext): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: ctx.config.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ctx.clock.now());
}

/**
 * A date-only show-after opens at 00:00 of that day in the portal's time zone, i.e. once the
 * portal's today has reached it. Visible means shown to developers: not a draft and past it.
 */
export function visibility(row: { draft: boolean; showAfter: string | null }, today: string) {
  const visibleByShowAfter = row.showAfter === null || row.showAfter <= today;
  return { visible: !row.draft && visibleByShowAfter, visible_by_show_after: visibleByShowAfter };
}
