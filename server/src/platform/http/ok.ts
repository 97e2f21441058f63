import { z } from 'zod';

/** The answer of an action that returns nothing but its success: `{ "ok": true }`. */
export const Ok = z.object({ ok: z.literal(true) });
export const ok = { ok: true as const };
