import { z } from 'zod';

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
