/** Spec admin §9: dates in admin lists are YYYY-MM-DD (UTC), or N/A when there is none. */
export function listDate(value: string | null | undefined, none = 'N/A'): string {
  return value ? value.slice(0, 10) : none;
}
