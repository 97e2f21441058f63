import { DEFAULT_BRANCH } from '@portal/contracts';
import { createEntry, importOpenApi } from '../features/reference/index.ts';
import type { AppContext } from '../platform/context.ts';
import { SEED_CHANGELOG } from './reference/changelog-entries.ts';
import { restOpenApiV1, restOpenApiV2 } from './reference/rest-openapi.ts';

/**
 * The reference's sample data (issue 27) through the real services: the `rest` group's two
 * documents (v2's import proposes its entries for an admin to review) and two years of published
 * entries for both groups.
 */
export async function seedReference(ctx: AppContext, users: { admin: { id: string; email: string } }) {
  for (const doc of [restOpenApiV1(), restOpenApiV2()])
    await importOpenApi(ctx, users.admin, 'rest', { branch: DEFAULT_BRANCH, document: JSON.stringify(doc) });
  for (const entry of SEED_CHANGELOG) {
    await createEntry(ctx, users.admin, {
      group: entry.group,
      branch: entry.branch ?? DEFAULT_BRANCH,
      summary: entry.summary,
      description: entry.description,
      endpoint: entry.endpoint,
      type: entry.type,
      breaking: entry.breaking ?? false,
      datestamp: entry.datestamp,
      versions: entry.versions,
      link: entry.link,
      visibility: entry.internal ? 'internal' : 'public',
      status: 'published',
    });
  }
}
