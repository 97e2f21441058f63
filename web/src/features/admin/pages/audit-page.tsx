import { Group, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { TableSkeleton } from '../../../components/skeletons.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { AUDIT_FILTERS, auditQuery } from '../api.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { AuditTable } from '../components/audit-table.tsx';
import { ListError } from '../components/list-error.tsx';

/** /admin/audit: every staff write, newest first; filter by action or by app / account id. */
export function AuditPage() {
  const { t } = useTranslation();
  const list = useListParams(AUDIT_FILTERS);
  const query = useQuery(auditQuery(list));
  return (
    <AdminPage trail={[{ label: t('audit.title') }]} title={t('audit.title')}>
      <Group align="flex-start">
        {(['action', 'subject'] as const).map((name) => (
          <TextInput
            key={name}
            label={t(name === 'action' ? 'audit.filterAction' : 'audit.filterSubject')}
            description={t('audit.filterHint')}
            defaultValue={list.filters[name]}
            // A filter applies on Enter, and when the field is left.
            onKeyDown={(event) => {
              if (event.key === 'Enter') list.setFilter(name, event.currentTarget.value.trim());
            }}
            onBlur={(event) => list.setFilter(name, event.currentTarget.value.trim())}
            maw={360}
          />
        ))}
      </Group>
      {query.isError && <ListError />}
      {query.isPending ? (
        <TableSkeleton />
      ) : query.data?.items.length === 0 ? (
        <Text>{t('audit.empty')}</Text>
      ) : (
        query.data && <AuditTable events={query.data.items} />
      )}
      <ListPagination data={query.data} list={list} />
    </AdminPage>
  );
}
