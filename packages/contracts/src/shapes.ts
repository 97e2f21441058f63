/** Small zod builders the contracts share. */
import { z } from 'zod';

/**
 * An object of yes/no flags, one per name, in order: what a caller may do, the badges staff set.
 * The names stay typed, so `z.infer` gives `Record<name, boolean>`.
 */
export const booleans = <const Name extends string>(...names: Name[]) =>
  z.object(Object.fromEntries(names.map((name) => [name, z.boolean()])) as Record<Name, z.ZodBoolean>);
