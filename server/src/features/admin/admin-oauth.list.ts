import type { AdminOauthApplication, AdminOauthApplicationsQuery } from '@portal/contracts';
import { and, eq, ilike, inArray, sql } from 'drizzle-orm';
import { oauthApplications, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import {
  containsAny,
  containsPattern,
  endingInId,
  type ListSorts,
  listPage,
  resolveSort,
} from '../../platform/list/index.ts';

const by = endingInId(oauthApplications.id, 'uuid');

/**
 * `name` is the developer app's internal name, which each client carries (migration 0019), so both
 * sorts read one index of oauth_applications: (environment, app_internal_name, id) or
 * (environment, client_id, id).
 */
const SORTS = {
  name: by(oauthApplications.appInternalName, 'text', {
    table: 'oauth_applications',
    column: 'app_internal_name',
  }),
  uid: by(oauthApplications.clientId, 'text', { table: 'oauth_applications', column: 'client_id' }),
} satisfies ListSorts<AdminOauthApplicationsQuery>;

async function loadRows(ctx: AppContext, ids: string[]): Promise<AdminOauthApplication[]> {
  const rows = await ctx.db
    .select({
      id: oauthApplications.id,
      uid: oauthApplications.clientId,
      environment: oauthApplications.environment,
      appId: oauthApplications.developerAppId,
      name: oauthApplications.appInternalName,
      ownerName: users.name,
      ownerEmail: users.email,
    })
    .from(oauthApplications)
    .innerJoin(users, eq(users.id, oauthApplications.ownerId))
    .where(inArray(oauthApplications.id, ids));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    uid: row.uid,
    environment: row.environment,
    href: `/admin/developer_apps/${row.appId}`,
    owner_name: row.ownerName,
    owner_email: row.ownerEmail,
  }));
}

/**
 * `GET /admin/oauth_applications`: one environment's OAuth clients with their app and owner. The
 * search matches the app's internal name or the App ID: two trigram indexes on the one table.
 */
export async function listAdminOauthApplications(ctx: AppContext, query: AdminOauthApplicationsQuery) {
  const name = query['filters[name]'];
  const uid = query['filters[uid]'];
  return listPage(
    ctx,
    {
      from: sql`${oauthApplications}`,
      table: 'oauth_applications',
      where: and(
        eq(oauthApplications.environment, query.environment),
        name ? ilike(oauthApplications.appInternalName, containsPattern(name)) : undefined,
        uid ? eq(oauthApplications.clientId, uid) : undefined,
      ),
      search: containsAny(query['filters[search]'], [
        oauthApplications.appInternalName,
        oauthApplications.clientId,
      ]),
      id: oauthApplications.id,
    },
    resolveSort(SORTS, query.sort),
    query,
    (ids) => loadRows(ctx, ids),
    (row) => row.id,
  );
}
