/**
 * The install feed (spec admin §2): an app's installations on the list pattern, and the same rows as
 * `installations.csv`, streamed in short keyset batches. The installer's e-mail only for staff
 * (spec admin §6 "The user email in the install feed is shown only in the admin view").
 */
import type { Readable } from 'node:stream';
import {
  type AppInstallation,
  type AppInstallationsQuery,
  INSTALLATIONS_CSV_COLUMNS,
} from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { appInstallations } from '../../db/schema/index.ts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { csvStream } from '../../platform/http/csv.ts';
import { endingInId, type ListSorts, listPage, resolveSort } from '../../platform/list/index.ts';
import {
  type InstallationCsvRow,
  type InstallationRow,
  installationsByIds,
  installationsCsvBatch,
} from './metrics.repo.ts';

const by = endingInId(appInstallations.id, 'uuid');
const SORTS = {
  procore_updated_at: by(appInstallations.updatedAt, 'timestamptz', {
    table: 'app_installations',
    column: 'updated_at',
  }),
  company_name: by(appInstallations.companyName, 'text', {
    table: 'app_installations',
    column: 'company_name',
  }),
} satisfies ListSorts<AppInstallationsQuery>;

/** An installation as the spec's row; `user_email_address` only when staff ask. */
export function installationOf(row: InstallationRow, isStaff: boolean): AppInstallation {
  return {
    id: row.id,
    company_name: row.companyName,
    company_is_demo: row.companyIsDemo,
    user_email_address: isStaff ? row.userEmail : null,
    procore_updated_at: row.updatedAt.toISOString(),
    status: row.status,
  };
}

/** One page of the app's installations (access already checked by the caller). */
export async function listInstallations(
  ctx: AppContext,
  user: SessionUser,
  appId: string,
  query: AppInstallationsQuery,
) {
  const isStaff = user.role === 'admin';
  return listPage(
    ctx,
    {
      from: sql`${appInstallations}`,
      table: 'app_installations',
      where: eq(appInstallations.developerAppId, appId),
      id: appInstallations.id,
    },
    resolveSort(SORTS, query.sort),
    query,
    async (ids) => (await installationsByIds(ctx, ids)).map((row) => installationOf(row, isStaff)),
    (row) => row.id,
  );
}

/** Rows per keyset batch of the CSV: each batch one short query, read only when the client drains the last (docs/benchmarks.md). */
export const CSV_BATCH_ROWS = 1000;

/**
 * `installations.csv` as a stream: the header row, then every installation newest first, in keyset
 * batches. A batch is read raw, as the file's cells (installationOf's fields, the e-mail only in
 * staff's file): no per-column mapping of every row on the server's event loop.
 */
export function installationsCsvStream(ctx: AppContext, appId: string, isStaff: boolean): Readable {
  return csvStream<InstallationCsvRow>({
    header: INSTALLATIONS_CSV_COLUMNS,
    cells: (row) => INSTALLATIONS_CSV_COLUMNS.map((column) => row[column]),
    batch: (last, limit) =>
      installationsCsvBatch(
        ctx,
        appId,
        limit,
        isStaff,
        last && { updatedAt: last.procore_updated_at, id: last.id },
      ),
    batchRows: CSV_BATCH_ROWS,
  });
}
