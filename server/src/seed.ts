import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { users } from './db/schema/index.ts';
import { createUserWithPassword } from './features/auth/index.ts';
import type { AppContext } from './platform/context.ts';
import { seedAnnouncements } from './seed/announcements.seed.ts';
import { seedDeveloperApps } from './seed/apps.seed.ts';
import { seedManifests } from './seed/manifests.seed.ts';
import { seedMarketplace } from './seed/marketplace.seed.ts';
import { seedMetrics } from './seed/metrics.seed.ts';
import { seedReference } from './seed/reference.seed.ts';
import { seedUsage } from './seed/usage.seed.ts';

export const DEMO_ADMIN_EMAIL = 'admin@example.com';
export const DEMO_DEVELOPER_EMAIL = 'developer@example.com';

/** Seeds demo accounts and sample data on the first start of an empty database. */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const [existing] = await ctx.db.select({ total: count() }).from(users);
  if ((existing?.total ?? 0) > 0) return;
  const password = ctx.config.demoPassword ?? randomBytes(9).toString('base64url');
  const admin = await createUserWithPassword(ctx, {
    name: 'Avery Admin',
    email: DEMO_ADMIN_EMAIL,
    password,
    role: 'admin',
    employee: true,
    companyName: `${ctx.config.platformName} Technologies`,
  });
  const developer = await createUserWithPassword(ctx, {
    name: 'Dana Developer',
    email: DEMO_DEVELOPER_EMAIL,
    password,
    companyName: 'Acme Builders Software',
  });
  for (const seed of seeders) await seed(ctx, { admin, developer });
  ctx.log.info(
    ctx.config.demoPassword
      ? `Demo accounts: ${DEMO_ADMIN_EMAIL} and ${DEMO_DEVELOPER_EMAIL} (password from DEMO_PASSWORD)`
      : `Demo accounts: ${DEMO_ADMIN_EMAIL} and ${DEMO_DEVELOPER_EMAIL}, password: ${password} (shown once)`,
  );
}

type DemoUsers = { admin: { id: string; email: string }; developer: { id: string; email: string } };

/** Feature seeders add sample data through their real services. Add a feature's seeder here. */
export const seeders: Array<(ctx: AppContext, users: DemoUsers) => Promise<void>> = [
  seedAnnouncements,
  seedDeveloperApps,
  seedManifests,
  seedMarketplace,
  seedReference,
  seedMetrics,
  seedUsage,
];
