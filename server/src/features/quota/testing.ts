import { DEFAULT_BUCKET_TEMPLATES } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import { developerApps, oauthApplications, quotaBuckets } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { findOauthApplication } from '../credentials/index.ts';

/** A valid bucket body (spec admin §9 default templates) for an OAuth application's client id or row id. */
export const bucketData = (domain: string, name = 'Route bucket', server?: string) => ({
  data: {
    name,
    client_id: '*',
    domain,
    bucket_templates: DEFAULT_BUCKET_TEMPLATES.map((t) => ({ ...t, ...(server ? { server } : {}) })),
  },
});

/** Removes the bucket of a domain (client id or row id) on a server, so a create can run again. */
export async function clearBucket(ctx: AppContext, server: string, domain: string) {
  const app = await findOauthApplication(ctx, domain);
  if (!app) return;
  await ctx.db
    .delete(quotaBuckets)
    .where(and(eq(quotaBuckets.server, server), eq(quotaBuckets.domain, app.clientId)));
}

/** An app with a production OAuth client, written straight to the tables (no provisioning). */
export async function createOauthClient(ctx: AppContext, ownerId: string, name: string, clientId: string) {
  const [app] = await ctx.db
    .insert(developerApps)
    .values({ internalName: name, ownerId, externalProcoreOwnerId: 1 })
    .returning();
  const [client] = await ctx.db
    .insert(oauthApplications)
    .values({ developerAppId: (app as { id: string }).id, environment: 'production', clientId, ownerId })
    .returning();
  return client as typeof oauthApplications.$inferSelect;
}
