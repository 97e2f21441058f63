/**
 * When `error` is PostgreSQL's unique violation (SQLSTATE 23505; Drizzle carries the driver's error
 * as `cause`), the constraint it names; otherwise null.
 */
export function uniqueViolation(error: unknown): { constraint: string | undefined } | null {
  const cause = (error as { cause?: { code?: string; constraint?: string } } | null)?.cause;
  return cause?.code === '23505' ? { constraint: cause.constraint } : null;
}
