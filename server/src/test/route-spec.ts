/**
 * What a feature's route table (`features/<name>/<name>.route-table.ts`) is written with: a row per
 * route (a valid call per persona, the exact status each persona gets) and the persona expectations
 * the rows share. The tables are put together, and checked against the registered routes, in
 * route-table.ts.
 */
import type { TestClient } from './helpers.ts';
import { PERSONAS, type Persona, type RouteFixtures } from './route-fixtures.ts';

export type Expected = Record<Persona, number>;

export type Call = {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Who sends it; by default a copy of the persona's browser (cookies and all). */
  client?: TestClient;
};

export type RouteSpec = {
  /**
   * A valid call as this persona: path parameters of a real resource, a body that passes validation.
   * Without one, the route is called at its own path (no parameters, query or body).
   */
  call?(fx: RouteFixtures, persona: Persona): Call | Promise<Call>;
  /** The exact status each persona gets for that call. */
  expect: Expected;
  /** A Cache-Control the route sets on purpose instead of the API's `no-store`. */
  cacheControl?: string;
};

/** One owner's rows, keyed `METHOD /api/v1/path` exactly as the route is registered. */
export type RouteRows = Record<string, RouteSpec>;

export const everyone = (status: number) => Object.fromEntries(PERSONAS.map((p) => [p, status])) as Expected;
/** A service's bearer token is no session: on a signed-in route it is as anonymous. */
export const signedIn = (status: number): Expected => ({ ...everyone(status), anonymous: 401, service: 401 });
/** Platform staff only; others are told they are not allowed. */
export const staff = (status: number): Expected => ({
  ...everyone(403),
  anonymous: 401,
  service: 401,
  platformAdmin: status,
});
/** People on the app; everyone else (platform staff too) is told it does not exist. */
export const members = (status: number): Expected => ({
  ...everyone(status),
  anonymous: 401,
  service: 401,
  stranger: 404,
  platformAdmin: 404,
});
export const managers = (status: number): Expected => ({ ...members(status), developer: 403 });
/** Members, and platform staff for any app (they review it). */
export const membersAndStaff = (status: number): Expected => ({ ...members(status), platformAdmin: status });
/** Owner and app admins, and platform staff for any app (the admin app page creates versions). */
export const managersAndStaff = (status: number): Expected => ({
  ...managers(status),
  platformAdmin: status,
});
export const ownerOnly = (status: number): Expected => ({ ...managers(status), appAdmin: 403 });

/** The platform's services only (a bearer token); every person, signed in or not, must bring one. */
export const serviceOnly = (status: number): Expected => ({ ...everyone(401), service: status });

export const V = '/api/v1';
export const appUrl = (app: { id: string }, rest = '') => `${V}/developer_apps/${app.id}${rest}`;
/** The staff twin of appUrl: `/api/v1/admin/developer_apps/<id><rest>`. */
export const adminAppUrl = (app: { id: string }, rest = '') => `${V}/admin/developer_apps/${app.id}${rest}`;
