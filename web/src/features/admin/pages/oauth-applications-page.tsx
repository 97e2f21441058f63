import { Anchor, Group, Select, Text } from '@mantine/core';
import { OAUTH_ENVIRONMENTS } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListSearch } from '../../../components/list-search.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { useConfig } from '../../../lib/config.ts';
import { adminOauthQuery, OAUTH_LIST_FILTERS } from '../api.ts';
import { AdminListBody } from '../components/admin-list-body.tsx';
import { AdminPage } from '../components/admin-page.tsx';

/** Admin > OAuth Applications (spec admin §2); the environment selector is hidden in FedRAMP. */
export function OauthApplicationsPage() {
  const { t } = useTranslation();
  const { fedramp } = useConfig();
  const list = useListParams(OAUTH_LIST_FILTERS);
  const query = useQuery(adminOauthQuery(list));

  return (
    <AdminPage
      trail={[{ label: t('adminLists.oauthApplications') }]}
      title={t('adminLists.oauthApplications')}
    >
      <Group align="flex-end">
        <ListSearch label={t('list.search')} list={list} filter="search" />
        {!fedramp && (
          <Select
            label={t('adminLists.environment')}
            data={OAUTH_ENVIRONMENTS.map((value) => ({ value, label: value }))}
            value={list.filters.environment || 'production'}
            onChange={(value) => list.setFilter('environment', value === 'production' ? '' : (value ?? ''))}
            allowDeselect={false}
            maw={220}
          />
        )}
      </Group>
      <AdminListBody
        query={query}
        list={list}
        minWidth={900}
        columns={[
          { label: t('adminLists.name'), sortKey: 'name', cell: (row) => row.name },
          {
            label: t('adminLists.associatedApp'),
            cell: (row) =>
              row.href ? (
                <Anchor component={Link} to={row.href}>
                  {row.name}
                </Anchor>
              ) : (
                t('adminLists.none')
              ),
          },
          {
            label: t('adminLists.appId'),
            sortKey: 'uid',
            cell: (row) => (
              <Text ff="monospace" size="sm">
                {row.uid}
              </Text>
            ),
          },
          { label: t('adminLists.ownerName'), cell: (row) => row.owner_name },
          { label: t('adminLists.ownerEmail'), cell: (row) => row.owner_email },
        ]}
      />
    </AdminPage>
  );
}
