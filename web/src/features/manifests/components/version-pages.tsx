import { Text } from '@mantine/core';
import type { Manifest } from '@portal/contracts';
import { MANIFESTS_PER_PAGE } from '@portal/contracts/limits';
import type { ManifestEnvironment } from '@portal/contracts/manifest-rules';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableSkeleton } from '../../../components/skeletons.tsx';
import { useListState } from '../../../components/use-list-params.ts';
import { errorsJoined, type Page } from '../../../lib/api.ts';
import { type ManifestSort, manifestsListQuery } from '../api.ts';

/**
 * An app's versions a page at a time, page and cursor in component state (the version tables share
 * their page with other lists).
 */
export function useVersionPages(
  appId: string,
  environment: ManifestEnvironment | undefined,
  sort: ManifestSort,
  { enabled = true, staff = false }: { enabled?: boolean; staff?: boolean } = {},
) {
  const list = useListState();
  const query = useQuery({
    ...manifestsListQuery({
      appId,
      environment,
      page: list.page,
      cursor: list.cursor,
      perPage: MANIFESTS_PER_PAGE,
      sort,
      staff,
    }),
    enabled,
  });
  return { list, query };
}

/** A version table's page: the failure, a skeleton, the empty text, or `children` with the rows. */
export function VersionPages({
  query,
  skeletonRows,
  empty,
  children,
}: {
  query: UseQueryResult<Page<Manifest>>;
  skeletonRows: number;
  empty: string;
  children: (page: Page<Manifest>) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError)
    return (
      <Text c="red" role="alert">
        {errorsJoined(query.error, t('manifests.errors.loading'))}
      </Text>
    );
  if (!query.data) return <TableSkeleton rows={skeletonRows} />;
  if (!query.data.items.length) return <Text c="dimmed">{empty}</Text>;
  return children(query.data);
}
