import type { AdminDevelopersQuery, DeveloperOption } from '@portal/contracts';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import { developerApps, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { containsAny, endingInId, type ListSorts, listPage, resolveSort } from '../../platform/list/index.ts';
import { toAdminDeveloper } from '../auth/index.ts';
import { appInReview } from '../review/index.ts';
import { ownerIdsOf } from './admin-apps.list.ts';

const by = endingInId(users.id, 'text');

/** Each sort ends in the id (unique); each has its index (schema/users.ts). */
export const DEVELOPER_SORTS = {
  name: by(users.name, 'text', { table: 'users', column: 'name', ties: { table: 'users', column: 'id' } }),
  company_name: {
    keys: [
      { sql: sql`coalesce(${users.companyName}, '')`, type: 'text' },
      { sql: users.id, type: 'text' },
    ],
    // ANALYZE keeps an expression index's statistics under the index's name. Many developers share
    // a company (or have none), so a deep page usually seeks inside a common value, by user id.
    histogram: { table: 'users_company_id_idx', column: 'coalesce', ties: { table: 'users', column: 'id' } },
  },
  email: by(users.email, 'text', { table: 'users', column: 'email' }),
  procore_id: by(users.procoreId, 'integer', { table: 'users', column: 'procore_id' }),
} satisfies ListSorts<AdminDevelopersQuery>;

/** How many options the created-by picker gets per search. */
export const DEVELOPER_OPTIONS_LIMIT = 20;

const source = (search: string | undefined) => ({
  from: sql`${users}`,
  table: 'users',
  search: containsAny(search, [users.name, users.email, users.companyName]),
  id: users.id,
});

/** The apps list's filters, on developers (AdminDevelopersQuery): by id, and owners of an app in review. */
function developerFilters(query: AdminDevelopersQuery) {
  const ids = ownerIdsOf(query['filters[owner_id][]']);
  const live = query['filters[with_deleted]'] === 'true' ? undefined : isNull(developerApps.deletedAt);
  return and(
    ids.length ? inArray(users.id, ids) : undefined,
    query['filters[in_review]'] === 'true'
      ? sql`${users.id} in (select ${developerApps.ownerId} from ${developerApps} where ${and(appInReview, live)})`
      : undefined,
  );
}

/** `GET /admin/developers`: registered developers, searched by name, e-mail or company. */
export async function listAdminDevelopers(ctx: AppContext, query: AdminDevelopersQuery) {
  const page = await listPage(
    ctx,
    { ...source(query['filters[search]']), where: developerFilters(query) },
    resolveSort(DEVELOPER_SORTS, query.sort),
    query,
    (ids) => ctx.db.select().from(users).where(inArray(users.id, ids)),
    (row) => row.id,
  );
  return { ...page, rows: page.rows.map(toAdminDeveloper) };
}

/** The created-by picker's options (spec admin §7: id and email), by e-mail. */
export async function developerOptions(ctx: AppContext, search: string | undefined) {
  const page = await listPage(
    ctx,
    source(search),
    resolveSort(DEVELOPER_SORTS, 'email'),
    { page: 1, per_page: DEVELOPER_OPTIONS_LIMIT },
    (ids) => ctx.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids)),
    (row) => row.id,
  );
  return { ...page, rows: page.rows satisfies DeveloperOption[] };
}
