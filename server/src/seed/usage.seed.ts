/**
 * Demo API usage (issue 26): 30 days of platform API calls of the developer's Field Sync, counted
 * through the real recorder (`recordApiUsage`, with the clock set to each day) and flushed, as the
 * OAuth feature's hook would count them — so the app page's API usage panel has something to show on
 * first start. Deterministic: the same demo every time.
 */
import { and, eq } from 'drizzle-orm';
import { developerApps } from '../db/schema/index.ts';
import { flushApiUsage, recordApiUsage } from '../features/usage/index.ts';
import type { AppContext } from '../platform/context.ts';
import { random } from './random.ts';

const DAYS = 30;
/** Route, method, code and the most calls of a day. */
const CALLS = [
  ['/rest/v1.0/me', 'GET', 200, 40],
  ['/rest/v1.0/companies', 'GET', 200, 120],
  ['/rest/v1.0/companies', 'GET', 401, 6],
  ['/rest/v1.0/companies', 'GET', 429, 4],
  ['/rest/v1.0/me', 'GET', 500, 2],
] as const;

export async function seedUsage(ctx: AppContext, users: { developer: { id: string } }) {
  const [app] = await ctx.db
    .select({ id: developerApps.id })
    .from(developerApps)
    .where(and(eq(developerApps.ownerId, users.developer.id), eq(developerApps.internalName, 'Field Sync')));
  if (!app) return;
  const next = random(26);
  const now = ctx.clock.now().getTime();
  for (let daysAgo = DAYS - 1; daysAgo >= 0; daysAgo--) {
    const day = { ...ctx, clock: { now: () => new Date(now - daysAgo * 86_400_000) } };
    for (const [route, method, status, most] of CALLS) {
      const calls = Math.floor(next() * (most + 1));
      for (let i = 0; i < calls; i++) recordApiUsage(day, { appId: app.id, route, method, status });
    }
  }
  await flushApiUsage(ctx);
}
