/**
 * Demo engagement data (issue 24): ~120 days of installs, uninstalls and updates for both demo apps
 * sent through the real ingestion service, as the platform would post them, and the listing's daily
 * visitors counted through the marketplace's view counter — so a newcomer sees a full report on first
 * start. Deterministic: the same demo every time.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { developerApps } from '../db/schema/index.ts';
import { recordListingView } from '../features/marketplace/index.ts';
import { ingestAppEvents } from '../features/metrics/index.ts';
import type { AppContext } from '../platform/context.ts';
import { portalDayOf } from '../platform/portal-day.ts';
import { random } from './random.ts';

const DAYS = 120;
const APPS = ['Field Sync', 'Punch List Importer'];
/** The two demo companies (marked demo) and the customers around them. */
const COMPANIES = [
  { id: 'demo-1', name: 'Demo Construction Co', demo: true },
  { id: 'demo-2', name: 'Sandbox General Contractors', demo: true },
  ...[
    'Northwind Builders',
    'Summit Concrete',
    'Riverbend Electrical',
    'Keystone Mechanical',
    'Granite Peak Contractors',
    'Harbor Steelworks',
    'Oakridge Homes',
    'Bluewater Civil',
    'Ironclad Framing',
    'Lakeside Roofing',
    'Pioneer Excavation',
    'Cedar & Stone',
    'Metro Glazing',
    'Prairie Plumbing',
  ].map((name, i) => ({ id: `customer-${i + 1}`, name, demo: false })),
];

export async function seedMetrics(ctx: AppContext, users: { developer: { id: string } }) {
  const apps = await ctx.db
    .select({ id: developerApps.id, name: developerApps.internalName })
    .from(developerApps)
    .where(and(eq(developerApps.ownerId, users.developer.id), inArray(developerApps.internalName, APPS)));
  const now = ctx.clock.now().getTime();
  for (const [appIndex, app] of apps.entries()) {
    const next = random(appIndex + 24);
    const events: object[] = [];
    COMPANIES.forEach((company, i) => {
      if (appIndex === 1 && i % 2 === 1) return; // the second app has fewer customers
      const installedAt = now - Math.floor(next() * DAYS) * 86_400_000 - Math.floor(next() * 36e6);
      const event = (type: string, at: number, n: number) => ({
        id: `demo-${app.id}-${company.id}-${n}`,
        type,
        developer_app_id: app.id,
        company_id: company.id,
        company_name: company.name,
        company_is_demo: company.demo,
        user_email_address: `admin@${company.id}.example.com`,
        occurred_at: new Date(at).toISOString(),
      });
      events.push(event('install', installedAt, 1));
      if (next() < 0.3) events.push(event('update', installedAt + 5 * 86_400_000, 2));
      // Some try the app and leave; a few come back.
      if (next() < 0.25) {
        const left = Math.min(now, installedAt + Math.floor(1 + next() * 20) * 86_400_000);
        events.push(event('uninstall', left, 3));
        if (next() < 0.3) events.push(event('install', Math.min(now, left + 7 * 86_400_000), 4));
      }
    });
    await ingestAppEvents(ctx, events);
    // Daily visitors of the public listing (only Field Sync's is published, but both get views).
    for (let day = DAYS - 1; day >= 0; day--) {
      const on = portalDayOf(ctx.config.timeZone, new Date(now - day * 86_400_000));
      const visitors = 2 + Math.floor(next() * (appIndex === 0 ? 6 : 3));
      for (let v = 0; v < visitors; v++) {
        const views = 1 + Math.floor(next() * 2);
        for (let k = 0; k < views; k++)
          await recordListingView(ctx, { appId: app.id, day: on, visitor: `demo-${v}` });
      }
    }
  }
}
