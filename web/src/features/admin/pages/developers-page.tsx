import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListSearch } from '../../../components/list-search.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { adminDevelopersQuery } from '../api.ts';
import { AdminListBody } from '../components/admin-list-body.tsx';
import { AdminPage } from '../components/admin-page.tsx';

const FILTERS = ['search', 'sort'] as const;

/** Admin > Developers, titled Registered Developers (spec admin §2). */
export function DevelopersPage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);
  const query = useQuery(adminDevelopersQuery(list));

  return (
    <AdminPage trail={[{ label: t('adminLists.developers') }]} title={t('adminLists.registeredDevelopers')}>
      <ListSearch label={t('list.search')} list={list} filter="search" />
      <AdminListBody
        query={query}
        list={list}
        minWidth={760}
        columns={[
          {
            label: t('adminLists.name'),
            sortKey: 'name',
            cell: (row) => (
              <Anchor component={Link} to={`/admin/developers/${row.id}/edit`}>
                {row.name}
              </Anchor>
            ),
          },
          {
            label: t('adminLists.company'),
            sortKey: 'company_name',
            cell: (row) => row.company_name ?? '',
          },
          { label: t('adminLists.email'), sortKey: 'email', cell: (row) => row.email },
          { label: t('adminLists.procoreId'), sortKey: 'procore_id', cell: (row) => row.procore_id },
        ]}
      />
    </AdminPage>
  );
}
