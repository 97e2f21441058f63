import { Stack, Table, Text, Title } from '@mantine/core';
import type { QuotaBucket } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { auditQuery } from '../../api.ts';
import { bucketTrafficQuery } from '../../quota-api.ts';
import { AuditTable } from '../audit-table.tsx';

/** A bucket's traffic per day (with shadow mode's would-be 429s) and its history from the audit log. */
export function BucketDetails({ server, bucket }: { server: string; bucket: QuotaBucket }) {
  const { t } = useTranslation();
  const traffic = useQuery(bucketTrafficQuery(server, bucket.id));
  const history = useQuery(
    auditQuery({ page: 1, cursor: undefined, filters: { subject: bucket.id, action: '' } }),
  );
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('quota.trafficTitle', { name: bucket.name })}
      </Title>
      {traffic.data?.days.length ? (
        <Table aria-label={t('quota.trafficTitle', { name: bucket.name })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('quota.day')}</Table.Th>
              <Table.Th>{t('quota.requests')}</Table.Th>
              <Table.Th>{t('quota.wouldRefuse')}</Table.Th>
              <Table.Th>{t('quota.refused')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {traffic.data.days.map((day) => (
              <Table.Tr key={day.day}>
                <Table.Td>{day.day}</Table.Td>
                <Table.Td>{day.requests}</Table.Td>
                <Table.Td data-testid="would-refuse">{day.would_refuse}</Table.Td>
                <Table.Td data-testid="refused">{day.refused}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm">{t('quota.noTraffic')}</Text>
      )}
      <Title order={3} size="h5">
        {t('quota.historyTitle', { name: bucket.name })}
      </Title>
      {history.data?.items.length ? (
        <AuditTable events={history.data.items} showSubject={false} />
      ) : (
        <Text size="sm">{t('audit.empty')}</Text>
      )}
    </Stack>
  );
}
