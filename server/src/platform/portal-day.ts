/** The portal's calendar day (TIME_ZONE) of an instant, `YYYY-MM-DD`: how events and views are cut into days. */
const formats = new Map<string, Intl.DateTimeFormat>();

export function portalDayOf(timeZone: string, at: Date): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format.format(at);
}

/** `day` moved by `days` calendar days. */
export const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
