import { Anchor, Code, Text } from '@mantine/core';
import type { AuditEvent } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { fullTimestamp } from '../../../lib/relative-time.ts';

const SUBJECT_PATHS: Record<AuditEvent['subject_type'], (id: string) => string> = {
  developer_app: (id) => `/admin/developer_apps/${id}`,
  developer: (id) => `/admin/developers/${id}/edit`,
  announcement: (id) => `/admin/notifications/${id}/edit`,
  changelog_entry: () => '/admin/reference',
  openapi_document: () => '/admin/reference',
};

const shown = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/**
 * Audit rows: when, who, what (a readable label above the action's name, which the log's filter
 * takes), on which app or account, and each changed field's before → after.
 */
export function AuditTable({ events, showSubject = true }: { events: AuditEvent[]; showSubject?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <DataTable
      minWidth={900}
      striped
      rows={events}
      columns={[
        { label: t('audit.time'), cell: (event) => fullTimestamp(event.created_at) },
        { label: t('audit.actor'), cell: (event) => event.actor_email },
        {
          label: t('audit.action'),
          cell: (event) => (
            <>
              {i18n.exists(`audit.actions.${event.action}`) && (
                <Text size="sm">{t(`audit.actions.${event.action}`)}</Text>
              )}
              <Code>{event.action}</Code>
            </>
          ),
        },
        showSubject && {
          label: t('audit.subject'),
          cell: (event) =>
            event.action === 'announcement.delete' ? (
              t(`audit.subjects.${event.subject_type}`)
            ) : (
              <Anchor component={Link} to={SUBJECT_PATHS[event.subject_type](event.subject_id)}>
                {t(`audit.subjects.${event.subject_type}`)}
              </Anchor>
            ),
        },
        {
          label: t('audit.changes'),
          cell: (event) =>
            Object.keys(event.after).map((field) => (
              <Text key={field} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {field}: {shown(event.before[field])} → {shown(event.after[field])}
              </Text>
            )),
        },
      ]}
    />
  );
}
