import { sql } from 'drizzle-orm';
import { createUserWithPassword } from '../src/features/auth/auth.users.ts';
import type { AppContext } from '../src/platform/context.ts';
import type { createClient } from '../src/test/helpers.ts';

type Client = ReturnType<typeof createClient>;

export type Bench = {
  seed(ctx: AppContext, rows: number): Promise<void>;
  signIn(ctx: AppContext, client: Client): Promise<void>;
  requests: Array<[name: string, url: string]>;
};

const PASSWORD = 'bench password 1';

/** Foundation lists: users (developers) and the mail outbox. Features append their own benches. */
export const benches: Bench[] = [
  {
    async seed(ctx, rows) {
      await ctx.db.execute(sql`
        insert into users (id, name, email, email_verified, company_name)
        select 'bench-' || g, 'Developer ' || g, 'dev' || g || '@bench.example.com', true, 'Company ' || (g % 5000)
        from generate_series(1, ${rows}) g`);
      await ctx.db.execute(sql`
        insert into mail_outbox (idempotency_key, "to", subject, text, html, template, delivery, status, created_at)
        select 'bench-' || g, 'dev' || (g % 50000) || '@bench.example.com', 'Subject ' || g, 'body', '<p>body</p>',
               'bench', 'outbox', 'sent', now() - (g || ' seconds')::interval
        from generate_series(1, ${rows}) g`);
    },
    async signIn(ctx, client) {
      await createUserWithPassword(ctx, {
        name: 'Bench Admin',
        email: 'bench-admin@example.com',
        password: PASSWORD,
        role: 'admin',
      });
      const res = await client.post('/api/v1/auth/sign_in', {
        email: 'bench-admin@example.com',
        password: PASSWORD,
      });
      if (res.statusCode !== 200) throw new Error(`bench sign-in failed: ${res.body}`);
    },
    requests: [
      ['GET /config (signed in)', '/api/v1/config'],
      ['GET /admin/outbox page 1', '/api/v1/admin/outbox?per_page=25'],
      ['GET /admin/outbox page 400', '/api/v1/admin/outbox?per_page=25&page=400'],
      ['GET /admin/outbox?to=…', '/api/v1/admin/outbox?to=dev123@bench.example.com'],
    ],
  },
];
