/**
 * Every /api route with a valid call per persona and the status each persona gets, put together from
 * the rows each feature keeps beside its routes (`features/<name>/<name>.route-table.ts`, written with
 * route-spec.ts). Suites read it through routeTable(app), which fails when a registered route is in no
 * table (or a row names a route that no longer exists), so a new route cannot ship without saying who
 * may call it.
 */
import type { LightMyRequestResponse } from 'fastify';
import { adminRouteTable } from '../features/admin/admin.route-table.ts';
import { analyticsRouteTable } from '../features/analytics/analytics.route-table.ts';
import { announcementsRouteTable } from '../features/announcements/announcements.route-table.ts';
import { appsRouteTable } from '../features/apps/apps.route-table.ts';
import { auditRouteTable } from '../features/audit/audit.route-table.ts';
import { authRouteTable } from '../features/auth/auth.route-table.ts';
import { collaboratorsRouteTable } from '../features/collaborators/collaborators.route-table.ts';
import { configRouteTable } from '../features/config/config.route-table.ts';
import { credentialsRouteTable } from '../features/credentials/credentials.route-table.ts';
import { developerAppsRouteTable } from '../features/developer-apps/developer-apps.route-table.ts';
import { listingsRouteTable } from '../features/listings/listings.route-table.ts';
import { manifestsRouteTable } from '../features/manifests/manifests.route-table.ts';
import { marketplaceRouteTable } from '../features/marketplace/marketplace.route-table.ts';
import { metricsRouteTable } from '../features/metrics/metrics.route-table.ts';
import { oauthRouteTable } from '../features/oauth/oauth.route-table.ts';
import { outboxRouteTable } from '../features/outbox/outbox.route-table.ts';
import { quotaRouteTable } from '../features/quota/quota.route-table.ts';
import { referenceRouteTable } from '../features/reference/reference.route-table.ts';
import { sandboxesRouteTable } from '../features/sandboxes/sandboxes.route-table.ts';
import { usageRouteTable } from '../features/usage/usage.route-table.ts';
import { openApiRouteTable } from '../platform/http/openapi.route-table.ts';
import type { App, RegisteredRoute } from '../platform/http/route.ts';
import { PERSONAS, type Persona, type RouteFixtures } from './route-fixtures.ts';
import type { RouteRows, RouteSpec } from './route-spec.ts';

/** The one list of route tables: a new feature adds its table here, a new route goes in its feature's. */
const TABLES: RouteRows[] = [
  openApiRouteTable,
  configRouteTable,
  authRouteTable,
  analyticsRouteTable,
  outboxRouteTable,
  adminRouteTable,
  auditRouteTable,
  announcementsRouteTable,
  developerAppsRouteTable,
  appsRouteTable,
  credentialsRouteTable,
  sandboxesRouteTable,
  collaboratorsRouteTable,
  manifestsRouteTable,
  listingsRouteTable,
  marketplaceRouteTable,
  metricsRouteTable,
  usageRouteTable,
  referenceRouteTable,
  quotaRouteTable,
  oauthRouteTable,
];

/** Every table's rows by route; a route in two tables fails here (it has one owner). */
export function mergeRouteTables(tables: RouteRows[]): RouteRows {
  const rows: RouteRows = {};
  for (const table of tables) {
    for (const [key, spec] of Object.entries(table)) {
      if (Object.hasOwn(rows, key))
        throw new Error(`${key} is in two route tables; keep it in its feature's`);
      rows[key] = spec;
    }
  }
  return rows;
}

const ROUTES = mergeRouteTables(TABLES);

export type TableRoute = RegisteredRoute & {
  key: string;
  spec: Required<Pick<RouteSpec, 'call'>> & RouteSpec;
};

/** The registered /api routes with their table entries; throws when the two disagree. */
export function routeTable(app: App): TableRoute[] {
  const registered = app.routeRegistry.map((route) => ({ ...route, key: `${route.method} ${route.url}` }));
  const missing = registered.filter((route) => !Object.hasOwn(ROUTES, route.key)).map((route) => route.key);
  const known = new Set(registered.map((route) => route.key));
  const stale = Object.keys(ROUTES).filter((key) => !known.has(key));
  if (missing.length || stale.length) {
    throw new Error(
      [
        missing.length &&
          `Registered routes missing from the route table (add each to its feature's <name>.route-table.ts, a table listed in server/src/test/route-table.ts, saying who may call it): ${missing.join(', ')}`,
        stale.length && `Table entries for routes that are not registered: ${stale.join(', ')}`,
      ]
        .filter(Boolean)
        .join('\n'),
    );
  }
  return registered.map((route) => ({
    ...route,
    spec: { call: () => ({ url: route.url }), ...ROUTES[route.key]! },
  }));
}

/** The personas whose call succeeds (2xx), e.g. to send generated input as someone allowed. */
export const allowedPersonas = (route: TableRoute): Persona[] =>
  PERSONAS.filter((persona) => route.spec.expect[persona] < 300);

/** Makes the route's valid call as the persona. */
export async function callRoute(
  fx: RouteFixtures,
  route: TableRoute,
  persona: Persona,
): Promise<LightMyRequestResponse> {
  const call = await route.spec.call(fx, persona);
  const client = call.client ?? fx.browser(persona);
  return client.request({
    method: route.method as 'GET',
    url: call.url,
    ...(call.payload === undefined ? {} : { payload: call.payload as string }),
    ...(call.headers ? { headers: call.headers } : {}),
  });
}
