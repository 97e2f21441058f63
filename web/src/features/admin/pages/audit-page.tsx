import { Group, Select, Text, TextInput } from '@mantine/core';
import { AUDIT_ACTIONS, AUDIT_SUBJECTS } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { TableSkeleton } from '../../../components/skeletons.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { AUDIT_FILTERS, auditQuery } from '../api.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { AuditTable } from '../components/audit-table.tsx';
import { ListError } from '../components/list-error.tsx';

/** /admin/audit: every staff write, newest first; filter by action (picked from the list) or by app / account id. */
export function AuditPage() {
  const { t } = useTranslation();
  const list = useListParams(AUDIT_FILTERS);
  const query = useQuery(auditQuery(list));
  // Every action the server records, grouped by what it changes, each as words with its name.
  const actionOptions = AUDIT_SUBJECTS.map((subject) => ({
    group: t(`audit.subjects.${subject}`),
    items: AUDIT_ACTIONS.filter((action) => action.startsWith(`${subject}.`)).map((action) => ({
      value: action,
      label: `${t(`audit.actions.${action}`)} (${action})`,
    })),
  }));
  return (
    <AdminPage trail={[{ label: t('audit.title') }]} title={t('audit.title')}>
      <Group align="flex-start">
        <Select
          label={t('audit.filterAction')}
          description={t('audit.filterActionHint')}
          data={actionOptions}
          value={list.filters.action || null}
          onChange={(action) => list.setFilter('action', action ?? '')}
          searchable
          clearable
          // Wide enough for an action's words and its name.
          w={{ base: '100%', sm: 420 }}
        />
        <TextInput
          label={t('audit.filterSubject')}
          description={t('audit.filterHint')}
          defaultValue={list.filters.subject}
          // The id applies on Enter, and when the field is left.
          onKeyDown={(event) => {
            if (event.key === 'Enter') list.setFilter('subject', event.currentTarget.value.trim());
          }}
          onBlur={(event) => list.setFilter('subject', event.currentTarget.value.trim())}
          maw={360}
        />
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
