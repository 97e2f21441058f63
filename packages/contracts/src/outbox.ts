import { z } from 'zod';
import { pageQuery, SearchTerm } from './pagination.ts';
import { OUTBOX_PER_PAGE } from './rules/limits.ts';

export const OutboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  template: z.string(),
  delivery: z.enum(['outbox', 'smtp']),
  status: z.enum(['sent', 'failed']),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

/** `GET /admin/outbox`: newest first; `to` matches part of the recipient's address. */
export const OutboxQuery = pageQuery(OUTBOX_PER_PAGE).extend({ to: SearchTerm });
export type OutboxQuery = z.infer<typeof OutboxQuery>;
