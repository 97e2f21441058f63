/** Small zod builders the contracts share. */
import { z } from 'zod';

/**
 * An object of yes/no flags, one per name, in order: what a caller may do, the badges staff set.
 * The names stay typed, so `z.infer` gives `Record<name, boolean>`.
 */
export const booleans = <const Name extends string>(...names: Name[]) =>
  z.object(Object.fromEntries(names.map((name) => [name, z.boolean()])) as Record<Name, z.ZodBoolean>);

/** When a record was created and last changed (ISO 8601 strings). */
export const timestamps = { created_at: z.string(), updated_at: z.string() };
