import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card.tsx';
import { auditQuery } from '../api.ts';
import { AuditTable } from './audit-table.tsx';

/** The app's staff history (the newest 50 audit entries); the full log is /admin/audit. */
export function AppHistory({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const query = useQuery(auditQuery({ page: 1, cursor: undefined, filters: { subject: appId, action: '' } }));
  return (
    <SectionCard id="history-heading" title={t('audit.history')} compact>
      {query.data?.items.length ? (
        <AuditTable events={query.data.items} showSubject={false} />
      ) : (
        <Text size="sm">{t('audit.empty')}</Text>
      )}
    </SectionCard>
  );
}
