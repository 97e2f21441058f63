/**
 * Relative timestamps and short dates for announcements (spec admin §9), as pure functions of the date,
 * "now" and an IANA time zone (default: the runtime's own), so both sides and tests agree.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

type Parts = { year: number; month: number; day: number; hour: number; minute: number };

function partsIn(date: Date, timeZone: string | undefined): Parts {
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
  };
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st (moment's `Do`). */
export function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  const suffix = { 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th';
  return `${day}${suffix}`;
}

/** `h:mm a`, e.g. `3:07 pm`, `12:00 am`. */
function clockTime({ hour, minute }: Parts): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/** Whole calendar days between two dates' local days (positive when `later` is after). */
function calendarDaysBetween(earlier: Parts, later: Parts): number {
  const a = Date.UTC(earlier.year, earlier.month - 1, earlier.day);
  const b = Date.UTC(later.year, later.month - 1, later.day);
  return Math.round((b - a) / DAY);
}

/**
 * Spec admin §9: seconds, minutes and hours ago up to one day, then `Yesterday at h:mm a`, then
 * `MMMM Do YYYY, at h:mm a`. A date in the future (clock skew) counts as now.
 */
export function relativeTime(date: Date | string, now: Date = new Date(), timeZone?: string): string {
  const then = new Date(date);
  const elapsed = Math.max(0, now.getTime() - then.getTime());
  if (elapsed < MINUTE) return plural(Math.floor(elapsed / 1000), 'second');
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  const thenParts = partsIn(then, timeZone);
  if (calendarDaysBetween(thenParts, partsIn(now, timeZone)) === 1) {
    return `Yesterday at ${clockTime(thenParts)}`;
  }
  return fullDate(then, timeZone);
}

/** `MMMM Do YYYY, at h:mm a`, e.g. `March 3rd 2026, at 9:05 am`. */
export function fullDate(date: Date | string, timeZone?: string): string {
  const parts = partsIn(new Date(date), timeZone);
  return `${MONTHS[parts.month - 1]} ${ordinal(parts.day)} ${parts.year}, at ${clockTime(parts)}`;
}

/** `M/D/YY`, e.g. `3/7/26` (the bell's date). */
export function shortDate(date: Date | string, timeZone?: string): string {
  const parts = partsIn(new Date(date), timeZone);
  return `${parts.month}/${parts.day}/${String(parts.year % 100).padStart(2, '0')}`;
}

/** `MMMM Do YYYY, h:mm:ss a`, e.g. `March 3rd 2026, 9:05:07 am` (the admin app page's metadata). */
export function fullTimestamp(date: Date | string, timeZone?: string): string {
  const value = new Date(date);
  const parts = partsIn(value, timeZone);
  const seconds = String(value.getUTCSeconds()).padStart(2, '0');
  const h = parts.hour % 12 === 0 ? 12 : parts.hour % 12;
  const clock = `${h}:${String(parts.minute).padStart(2, '0')}:${seconds} ${parts.hour < 12 ? 'am' : 'pm'}`;
  return `${MONTHS[parts.month - 1]} ${ordinal(parts.day)} ${parts.year}, ${clock}`;
}
