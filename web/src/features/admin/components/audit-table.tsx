import { Anchor, Code, Table, Text } from '@mantine/core';
import type { AuditEvent } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { fullTimestamp } from '../../../lib/relative-time.ts';

const SUBJECT_PATHS: Record<AuditEvent['subject_type'], (id: string) => string> = {
  developer_app: (id) => `/admin/developer_apps/${id}`,
  developer: (id) => `/admin/developers/${id}/edit`,
  announcement: (id) => `/admin/notifications/${id}/edit`,
};

const shown = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/**
 * Audit rows: when, who, what (a readable label above the action's name, which the log's filter
 * takes), on which app or account, and each changed field's before → after.
 */
export function AuditTable({ events, showSubject = true }: { events: AuditEvent[]; showSubject?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <ResponsiveTable minWidth={900} striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('audit.time')}</Table.Th>
          <Table.Th>{t('audit.actor')}</Table.Th>
          <Table.Th>{t('audit.action')}</Table.Th>
          {showSubject && <Table.Th>{t('audit.subject')}</Table.Th>}
          <Table.Th>{t('audit.changes')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {events.map((event) => (
          <Table.Tr key={event.id}>
            <Table.Td>{fullTimestamp(event.created_at)}</Table.Td>
            <Table.Td>{event.actor_email}</Table.Td>
            <Table.Td>
              {i18n.exists(`audit.actions.${event.action}`) && (
                <Text size="sm">{t(`audit.actions.${event.action}`)}</Text>
              )}
              <Code>{event.action}</Code>
            </Table.Td>
            {showSubject && (
              <Table.Td>
                {event.action === 'announcement.delete' ? (
                  t(`audit.subjects.${event.subject_type}`)
                ) : (
                  <Anchor component={Link} to={SUBJECT_PATHS[event.subject_type](event.subject_id)}>
                    {t(`audit.subjects.${event.subject_type}`)}
                  </Anchor>
                )}
              </Table.Td>
            )}
            <Table.Td>
              {Object.keys(event.after).map((field) => (
                <Text key={field} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {field}: {shown(event.before[field])} → {shown(event.after[field])}
                </Text>
              ))}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
