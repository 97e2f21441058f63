import type { AdminDeveloperAppRow, AdminDeveloperAppsQuery } from '@portal/contracts';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { developerApps, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import {
  containsAny,
  endingInId,
  type ListSorts,
  listPage,
  type PageRow,
  pageRows,
  resolveSort,
  rowQuery,
} from '../../platform/list/index.ts';
import { appInReview } from '../review/index.ts';

const by = endingInId(developerApps.id, 'uuid');

/** Each sort ends in the id (unique); each has its index (schema/apps.ts). */
const SORTS = {
  internal_name: by(developerApps.internalName, 'text', { table: 'developer_apps', column: 'internal_name' }),
  created_at: by(developerApps.createdAt, 'timestamptz', { table: 'developer_apps', column: 'created_at' }),
  updated_at: by(developerApps.updatedAt, 'timestamptz', { table: 'developer_apps', column: 'updated_at' }),
} satisfies ListSorts<AdminDeveloperAppsQuery>;

/** `filters[owner_id][]` comes as one value or several. */
export const ownerIdsOf = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The filters both the apps list and the review queue take. */
export function appFilters(query: {
  'filters[owner_id][]'?: string | string[] | undefined;
  'filters[in_review]'?: 'true' | 'false' | undefined;
  'filters[with_deleted]'?: 'true' | 'false' | undefined;
}): SQL | undefined {
  const owners = ownerIdsOf(query['filters[owner_id][]']);
  return and(
    owners.length ? inArray(developerApps.ownerId, owners) : undefined,
    query['filters[with_deleted]'] === 'true' ? undefined : isNull(developerApps.deletedAt),
    query['filters[in_review]'] === 'true' ? appInReview : undefined,
  );
}

/** A page row's app with its owner, read with the page's keys. */
const APP_ROW = pageRows('admin app row', (pageId) =>
  rowQuery
    .select({
      // Only what a row shows: the app row's other columns (contacts, settings) stay unread.
      app: {
        id: developerApps.id,
        internalName: developerApps.internalName,
        name: developerApps.name,
        publishedAt: developerApps.publishedAt,
        createdAt: developerApps.createdAt,
        updatedAt: developerApps.updatedAt,
        deletedAt: developerApps.deletedAt,
        inReviewAt: developerApps.inReviewAt,
      },
      owner: { id: users.id, name: users.name, email: users.email },
    })
    .from(developerApps)
    .innerJoin(users, eq(users.id, developerApps.ownerId))
    .where(eq(developerApps.id, pageId)),
);

function toRow({ app, owner }: PageRow<typeof APP_ROW>): AdminDeveloperAppRow {
  return {
    id: app.id,
    internal_name: app.internalName,
    name: app.name,
    published: app.publishedAt !== null,
    owner,
    created_at: app.createdAt.toISOString(),
    updated_at: app.updatedAt.toISOString(),
    deleted_at: app.deletedAt?.toISOString() ?? null,
    in_review_at: app.inReviewAt?.toISOString() ?? null,
  };
}

/** `GET /admin/developer_apps`: every app (deleted ones on request), filtered, searched, sorted. */
export async function listAdminApps(ctx: AppContext, query: AdminDeveloperAppsQuery) {
  const unowned = ownerIdsOf(query['filters[owner_id][]']).length === 0;
  const page = await listPage(
    ctx,
    {
      from: sql`${developerApps}`,
      table: 'developer_apps',
      where: appFilters(query),
      search: containsAny(query['filters[search]'], [developerApps.internalName, developerApps.name]),
      id: developerApps.id,
      // No value in the filter but the owners', whose apps number from one to thousands.
      keptPlan: unowned,
      // Without owners, the filter's text follows the two flags alone and holds no value.
      shape: unowned
        ? { name: `admin apps ${query['filters[with_deleted]']} ${query['filters[in_review]']}`, values: {} }
        : undefined,
    },
    resolveSort(SORTS, query.sort),
    query,
    APP_ROW,
    (row) => row.app.id,
  );
  return { ...page, rows: page.rows.map(toRow) };
}
